import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationDetailResponse, Message } from '@forum/contracts';

/** The loaded pages as one list, oldest first, without duplicates. */
export function flattenMessages(
  data: InfiniteData<ConversationDetailResponse> | undefined,
): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) {
    for (const m of data.pages[i]!.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}
