/** A post answer as the contracts describe it: the SDK's tests parse and send it. */
export const post = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  title: 'Hello',
  content: 'First post',
  type: 'text',
  image_url: null,
  community_id: '64b7f0c2a1b2c3d4e5f60719',
  community_name: 'general',
  author_id: '64b7f0c2a1b2c3d4e5f6071a',
  author_username: 'alice',
  created_at: '2026-01-02T03:04:05.000Z',
  score: 3,
  upvotes: 4,
  downvotes: 1,
  comment_count: 2,
};
