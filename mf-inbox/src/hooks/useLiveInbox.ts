import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useSession } from '@forum/sdk';
import { inboxKeys } from '../lib/inboxQueries';

/**
 * A pushed message (EXTENSIONS §L): the open conversation refetches at once (its GET marks the
 * message read, as polling did, and the badges follow) and so does the list (last message,
 * unread). A hidden tab only marks them stale: nothing is read while nobody looks.
 */
export function useLiveInbox() {
  const client = useQueryClient();
  const userId = useSession().user?.id ?? '';
  useLiveEvent('message', ({ conversation_id }) => {
    if (!userId) return;
    const refetchType = document.visibilityState === 'hidden' ? 'none' : 'active';
    void client.invalidateQueries({
      queryKey: inboxKeys.conversation(userId, conversation_id),
      refetchType,
    });
    void client.invalidateQueries({ queryKey: inboxKeys.conversations(userId), refetchType });
  });
}
