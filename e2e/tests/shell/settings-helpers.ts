import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './helpers.js';

/**
 * Every email-verification link mailed to `to`, oldest first, once there are at least `count`
 * (polls: the identity service writes its mails in the background after answering).
 */
export async function readVerificationLinks(
  to: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      // `<Date.now()>-<uuid>.json`: the name's time orders them.
      files = readdirSync(mailDir())
        .filter((f) => f.endsWith('.json'))
        .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
    } catch {
      /* not created yet */
    }
    const links: string[] = [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(mailDir(), file), 'utf8')) as {
        to: string;
        text: string;
      };
      if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = /https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
      if (link) links.push(link);
    }
    if (links.length >= count) return links;
    if (Date.now() > deadline) {
      throw new Error(`${links.length} of ${count} verification mails for ${to} in ${mailDir()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The `#token=...` part of a mailed link, to open it on the stack under test. */
export const fragmentOf = (link: string) => link.slice(link.indexOf('#'));
