import type { BenchContext, ScenarioModule } from '../scenario.js';

const THREAD_COMMENTS = 1000;

/** The seeded user and two posts of its own: one for the big thread, one to comment on. */
function seeded(ctx: BenchContext) {
  const seed = ctx.seed;
  const thread = seed?.posts[1];
  const target = seed?.posts[2];
  if (!seed || !thread || !target) {
    throw new Error('comment scenarios need at least 3 seeded posts (--posts >= 3)');
  }
  return { token: seed.user.token, thread: thread.id, target: target.id };
}

async function postComment(ctx: BenchContext, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${ctx.gatewayUrl}/api/comments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${seeded(ctx).token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { comment?: { id: string } };
  if (res.status !== 201 || !json.comment) {
    throw new Error(`POST /api/comments answered ${res.status}: ${JSON.stringify(json)}`);
  }
  return json.comment.id;
}

/**
 * 1,000 comments on one post through the API: 300 top-level, then three waves of replies
 * (depth 1 to 3), each wave replying to the previous one's comments.
 */
async function thousandComments(ctx: BenchContext): Promise<void> {
  const post = seeded(ctx).thread;
  const waves = [300, 300, 250, 150];
  let parents: string[] = [];
  for (const size of waves) {
    const made: string[] = new Array(size);
    let next = 0;
    const worker = async () => {
      while (next < size) {
        const i = next++;
        const parent = parents.length ? parents[i % parents.length] : undefined;
        made[i] = await postComment(ctx, {
          content: `Benchmark comment ${i} with a little text to make it realistic.`,
          post_id: post,
          ...(parent ? { parent_id: parent } : {}),
        });
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    parents = made;
  }
}

let prepared: Promise<void> | undefined;

/** The post page's comment list and writing a comment. */
export const comments: ScenarioModule = {
  scenarios: [
    {
      name: 'post-comments-best-1000',
      description: `GET /api/comments/post/<post with ${THREAD_COMMENTS} comments>?sortBy=best&limit=50 (threads nested, signed in)`,
      needsSeed: true,
      prepare: (ctx) => (prepared ??= thousandComments(ctx)),
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/comments/post/${seeded(ctx).thread}?sortBy=best&limit=50&offset=0`,
        headers: { authorization: `Bearer ${seeded(ctx).token}` },
      }),
    },
    {
      name: 'comment-create-via-gateway',
      description:
        'POST /api/comments (top-level): validation, insert, comment_count, outbox event',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/comments`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${seeded(ctx).token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          content: 'A benchmark comment, created again and again.',
          post_id: seeded(ctx).target,
        }),
      }),
    },
  ],
};
