import { ApiError } from './client.js';
import { paragraph, sentence } from './content.js';
import { Progress, runPool } from './progress.js';
import type { SeedWorld } from './world.js';

/**
 * Private conversations through svc-messaging, when it answers; otherwise skipped with a note
 * (the rest of the product does not need them).
 */
export async function seedConversations(world: SeedWorld): Promise<void> {
  const { api, options, rnd, users } = world;
  try {
    await api.as(users[0]!, 'GET', '/messages/unread-count');
  } catch (error) {
    const why = error instanceof ApiError ? `answered ${error.status}` : String(error);
    process.stderr.write(`conversations  skipped: svc-messaging is not available (${why})\n`);
    return;
  }
  const count = Math.max(1, Math.round(users.length / 2));
  const plans = Array.from({ length: count }, () => {
    const [from, to] = rnd.sample(users, 2) as [(typeof users)[0], (typeof users)[0]];
    return { from, to, replies: rnd.int(0, 5) };
  });
  const progress = new Progress('conversations', plans.length);
  await runPool(plans, options.concurrency, progress, async ({ from, to, replies }) => {
    const created = await api.as(from, 'POST', '/messages/conversations', {
      body: {
        recipientUsername: to.username,
        subject: sentence(rnd, 2, 6).slice(0, -1),
        content: paragraph(rnd, 2),
      },
    });
    const id = String(created.id ?? (created.conversation as { id?: string } | undefined)?.id);
    for (let i = 0; i < replies; i++) {
      const sender = i % 2 === 0 ? to : from;
      await api.as(sender, 'POST', `/messages/conversations/${id}/messages`, {
        body: { content: paragraph(rnd, 1) },
      });
    }
  });
  progress.finish();
}
