import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import type { Post, ReactionType } from '@forum/contracts';
import { EMPTY_REACTIONS, applyReaction, applyVote, voteOf } from '../lib/state';
import type { ReactionState } from '../lib/state';
import { useToast } from '../components/Toast';
import { useSynced } from './useSynced';
import { TEXTS } from '../texts';

function reactionsOf(p: Post): ReactionState {
  return {
    reactions: { ...EMPTY_REACTIONS, ...(p.reactions ?? {}) },
    user_reaction: p.user_reaction ?? null,
    total_reactions: p.total_reactions ?? 0,
  };
}

/**
 * Votes, saves and reactions of one post: optimistic (spec §4), rolled back with the §8 text
 * when the server refuses, and the sign-in texts for visitors.
 */
export function usePostActions(post: Post) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'signed-in';
  const [vote, setVote, voteRef] = useSynced(voteOf(post), post);
  const [saved, setSaved, savedRef] = useSynced(post.is_saved ?? false, post);
  const [reactions, setReactions, reactionsRef] = useSynced(reactionsOf(post), post);

  const markStale = () =>
    void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });

  const voteMutation = useMutation({
    mutationFn: (v: 1 | -1) =>
      api.call('POST /api/posts/{id}/vote', { params: { id: post.id }, body: { vote_type: v } }),
    onMutate: (v) => {
      const prev = voteRef.current;
      setVote(applyVote(prev, v));
      return { prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx) setVote(ctx.prev);
      toast(TEXTS.voteFailed);
    },
    onSuccess: (res) => {
      setVote({
        user_vote: res.vote.vote_type,
        score: res.score,
        upvotes: res.upvotes,
        downvotes: res.downvotes,
      });
      markStale();
    },
  });

  const saveMutation = useMutation({
    mutationFn: (next: boolean) =>
      next
        ? api.call('POST /api/posts/{id}/save', { params: { id: post.id } })
        : api.call('DELETE /api/posts/{id}/save', { params: { id: post.id } }),
    onMutate: (next) => {
      const prev = savedRef.current;
      setSaved(next);
      return { prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx) setSaved(ctx.prev);
      toast(TEXTS.savePostFailed);
    },
    onSuccess: (res) => {
      setSaved(res.saved);
      markStale();
    },
  });

  const reactMutation = useMutation({
    mutationFn: ({ kind, remove }: { kind: ReactionType; remove: boolean }) =>
      remove
        ? api.call('DELETE /api/posts/{id}/reactions', { params: { id: post.id } })
        : api.call('POST /api/posts/{id}/reactions', {
            params: { id: post.id },
            body: { reaction_type: kind },
          }),
    onMutate: ({ kind }) => {
      const prev = reactionsRef.current;
      setReactions(applyReaction(prev, kind));
      return { prev };
    },
    onError: (_e, { remove }, ctx) => {
      if (ctx) setReactions(ctx.prev);
      toast(remove ? TEXTS.reactionRemoveFailed : TEXTS.reactionFailed);
    },
    onSuccess: (res) => {
      const { total_reactions, user_reaction, ...counts } = res;
      setReactions({
        reactions: { ...EMPTY_REACTIONS, ...counts },
        user_reaction,
        total_reactions,
      });
      markStale();
    },
  });

  return {
    vote,
    saved,
    reactions,
    onVote(v: 1 | -1) {
      if (!signedIn) return toast(TEXTS.signInVote, 'info');
      voteMutation.mutate(v);
    },
    onToggleSave() {
      if (!signedIn) return toast(TEXTS.signInSavePost, 'info');
      saveMutation.mutate(!savedRef.current);
    },
    onReact(kind: ReactionType) {
      if (!signedIn) return toast(TEXTS.signInReact, 'info');
      reactMutation.mutate({ kind, remove: reactionsRef.current.user_reaction === kind });
    },
  };
}
