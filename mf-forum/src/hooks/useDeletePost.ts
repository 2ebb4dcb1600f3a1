import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage, useApi } from '@forum/sdk';
import type { Post } from '@forum/contracts';
import { forumKeys } from '../lib/forumKeys';
import { TEXTS } from '../texts';

/** Deletes the post and goes to its community (`then`); keeps the spec's text on failure. */
export function useDeletePost(post: Post, then: string) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    try {
      await api.call('DELETE /api/posts/{id}', { params: { id: post.id } });
      queryClient.removeQueries({ queryKey: forumKeys.post(post.id) });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      navigate(then);
    } catch (err) {
      setError(errorMessage(err, TEXTS.deletePostFailed));
    }
  };
  return { remove, error };
}
