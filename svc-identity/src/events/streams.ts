import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/** Identity publishes to IDENTITY and (later) consumes FORUM votes for total_score. */
export const identityStreams: StreamSpec[] = [Streams.identity, Streams.forum].map((s) => ({
  name: s.name,
  subjects: [...s.subjects],
}));
