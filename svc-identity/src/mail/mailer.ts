import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '@forum/service-kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail extends MailMessage {
  from: string;
  sent_at: string;
}

/**
 * Local default: no mail server needed. Each message is logged and written to MAIL_DIR as
 * `<time>-<uuid>.json` so a developer (or a test) can open the link.
 */
export function createFileMailer({
  dir,
  from,
  logger,
}: {
  dir: string;
  from: string;
  logger: Logger;
}): Mailer {
  return {
    async send(message) {
      const mail: StoredMail = { ...message, from, sent_at: new Date().toISOString() };
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${Date.now()}-${randomUUID()}.json`);
      // Written aside, then renamed: whoever reads the folder never sees half a mail.
      await writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      logger.info({ to: message.to, subject: message.subject, file, text: message.text }, 'mail');
    },
  };
}

/** Production: SMTP_URL (smtp://user:pass@host:587 or smtps://...) through nodemailer. */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
