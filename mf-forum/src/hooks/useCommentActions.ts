import { useMutation } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import type { CommentThread } from '@forum/contracts';
import { useToast } from '../components/Toast';
import { applyVote, voteOf } from '../lib/state';
import { useCommentCache } from './useCommentCache';
import { useSynced } from './useSynced';
import { TEXTS } from '../texts';

/**
 * Votes and saves of one comment (optimistic, rolled back with the §8 text), its deletion, and the
 * sign-in texts for visitors.
 */
export function useCommentActions(postId: string, comment: CommentThread) {
  const api = useApi();
  const toast = useToast();
  const cache = useCommentCache(postId);
  const signedIn = useSession().status === 'signed-in';
  const [vote, setVote, voteRef] = useSynced(voteOf(comment), comment);
  const [saved, setSaved, savedRef] = useSynced(comment.is_saved, comment);

  const voteMutation = useMutation({
    mutationFn: (v: 1 | -1) =>
      api.call('POST /api/comments/{id}/vote', {
        params: { id: comment.id },
        body: { vote_type: v },
      }),
    onMutate: (v) => {
      const prev = voteRef.current;
      setVote(applyVote(prev, v));
      return { prev };
    },
    onError: (_e, _v, c) => {
      if (c) setVote(c.prev);
      toast(TEXTS.voteFailed);
    },
    onSuccess: (r) =>
      setVote({
        user_vote: r.vote.vote_type,
        score: r.score,
        upvotes: r.upvotes,
        downvotes: r.downvotes,
      }),
  });
  const saveMutation = useMutation({
    mutationFn: (next: boolean) =>
      next
        ? api.call('POST /api/comments/{id}/save', { params: { id: comment.id } })
        : api.call('DELETE /api/comments/{id}/save', { params: { id: comment.id } }),
    onMutate: (next) => {
      const prev = savedRef.current;
      setSaved(next);
      return { prev };
    },
    onError: (_e, _v, c) => {
      if (c) setSaved(c.prev);
      toast(TEXTS.saveCommentFailed);
    },
  });
  const deleteMutation = useMutation({
    mutationFn: () => api.call('DELETE /api/comments/{id}', { params: { id: comment.id } }),
    onSuccess: () => cache.removed(comment.id),
    onError: () => toast(TEXTS.deleteCommentFailed),
  });

  return {
    vote,
    saved,
    deleting: deleteMutation.isPending,
    onVote(v: 1 | -1) {
      if (signedIn) voteMutation.mutate(v);
      else toast(TEXTS.signInVote, 'info');
    },
    onToggleSave() {
      if (signedIn) saveMutation.mutate(!savedRef.current);
      else toast(TEXTS.signInSaveComment, 'info');
    },
    onDelete() {
      deleteMutation.mutate();
    },
  };
}
