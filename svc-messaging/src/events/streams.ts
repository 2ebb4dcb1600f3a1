import { Streams } from '@forum/contracts';
import type { StreamSpec } from '@forum/service-kit';

/** Messaging consumes IDENTITY and FORUM and publishes to MESSAGING. */
export const messagingStreams: StreamSpec[] = [
  Streams.messaging,
  Streams.identity,
  Streams.forum,
].map((s) => ({ name: s.name, subjects: [...s.subjects] }));
