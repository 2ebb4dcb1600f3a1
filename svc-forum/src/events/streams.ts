import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/** Forum publishes to FORUM and (later) consumes IDENTITY; ensuring both removes start-up order. */
export const forumStreams: StreamSpec[] = [Streams.forum, Streams.identity].map((s) => ({
  name: s.name,
  subjects: [...s.subjects],
}));
