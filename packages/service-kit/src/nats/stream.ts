import { RetentionPolicy, StorageType, type JetStreamManager } from 'nats';

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Window in which a repeated msgID is dropped by the server (de-duplication). */
  duplicateWindowMs?: number;
  /**
   * How long events are kept (default 7 days). Consumers ack within seconds; the age bound keeps
   * a week for a consumer that was down or is new, and stops the stream growing without end.
   */
  maxAgeMs?: number;
}

const NS_PER_MS = 1_000_000;
export const DEFAULT_STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * Create the stream, or widen its subjects if it exists. Producers and consumers both call it,
 * so start-up order between services does not matter.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<void> {
  const duplicate_window = (spec.duplicateWindowMs ?? 2 * 60_000) * NS_PER_MS;
  const max_age = (spec.maxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS) * NS_PER_MS;
  try {
    const info = await jsm.streams.info(spec.name);
    const missing = spec.subjects.filter((s) => !info.config.subjects.includes(s));
    // Streams created before the age bound existed (max_age 0 = forever) get it too.
    if (missing.length || info.config.max_age !== max_age) {
      await jsm.streams.update(spec.name, {
        ...info.config,
        subjects: [...info.config.subjects, ...missing],
        max_age,
      });
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.streams.add({
        name: spec.name,
        subjects: spec.subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window,
        max_age,
      });
    } catch (addErr) {
      // Another process created it between our info and add.
      if (!/already in use|already exists/i.test(String(addErr))) throw addErr;
    }
  }
}

function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as Error)?.message ?? err));
}

export async function ensureStreams(jsm: JetStreamManager, specs: StreamSpec[]): Promise<void> {
  for (const spec of specs) await ensureStream(jsm, spec);
}
