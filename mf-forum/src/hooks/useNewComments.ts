import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLivePost, useSession } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';

/**
 * Comments others posted on this post since it was shown (EXTENSIONS §L `comment` events), and
 * `show()`, which refetches the comments and starts counting afresh.
 */
export function useNewComments(postId: string) {
  const client = useQueryClient();
  const myId = useSession().user?.id;
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  useLivePost(postId);
  useLiveEvent('comment', (comment) => {
    if (comment.post_id !== postId || comment.author_id === myId) return;
    setFresh((seen) =>
      seen.has(comment.comment_id) ? seen : new Set(seen).add(comment.comment_id),
    );
  });
  const show = useCallback(() => {
    setFresh(new Set());
    void client.invalidateQueries({ queryKey: forumKeys.commentsOf(postId) });
  }, [client, postId]);
  return { count: fresh.size, show };
}
