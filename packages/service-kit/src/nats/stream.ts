import { RetentionPolicy, StorageType, type JetStreamManager } from 'nats';

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Window in which a repeated msgID is dropped by the server (de-duplication). */
  duplicateWindowMs?: number;
}

const NS_PER_MS = 1_000_000;

/**
 * Create the stream, or widen its subjects if it exists. Producers and consumers both call it,
 * so start-up order between services does not matter.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<void> {
  const duplicate_window = (spec.duplicateWindowMs ?? 2 * 60_000) * NS_PER_MS;
  try {
    const info = await jsm.streams.info(spec.name);
    const missing = spec.subjects.filter((s) => !info.config.subjects.includes(s));
    if (missing.length) {
      await jsm.streams.update(spec.name, {
        ...info.config,
        subjects: [...info.config.subjects, ...missing],
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
