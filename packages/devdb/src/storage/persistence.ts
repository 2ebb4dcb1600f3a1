import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../engine/store.js';
import { Journal } from './journal.js';
import { lockDataDir } from './lock.js';
import { readRecords } from './records.js';
import { syncDir, writeSnapshot } from './snapshot.js';

export interface RecoveryStats {
  snapshotRecords: number;
  journalRecords: number;
  /** Bytes of a torn or corrupt journal tail that were dropped. */
  discardedBytes: number;
}

/**
 * Durable storage in `dataDir`: `snapshot.bin` (full state, replaced atomically) plus
 * `journal.bin` (mutations since). Journal records are post-images, so replaying a journal
 * over a snapshot that already contains some of its effects is harmless.
 */
export class Persistence {
  readonly journal: Journal;
  private readonly snapshotPath: string;

  private constructor(
    dataDir: string,
    private readonly store: Store,
    private readonly compactBytes: number,
    private readonly unlock: () => void,
  ) {
    this.snapshotPath = path.join(dataDir, 'snapshot.bin');
    this.journal = new Journal(path.join(dataDir, 'journal.bin'));
  }

  static open(
    dataDir: string,
    store: Store,
    compactBytes: number,
  ): { persistence: Persistence; stats: RecoveryStats } {
    fs.mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataDir(dataDir);
    const snapshotPath = path.join(dataDir, 'snapshot.bin');
    const journalPath = path.join(dataDir, 'journal.bin');
    const stats: RecoveryStats = { snapshotRecords: 0, journalRecords: 0, discardedBytes: 0 };
    const apply = (rec: Parameters<Store['apply']>[0]): void => store.apply(rec);
    try {
      store.bulkLoad(() => Persistence.recover(snapshotPath, journalPath, apply, stats));
    } catch (err) {
      unlock();
      throw err;
    }
    const persistence = new Persistence(dataDir, store, compactBytes, unlock);
    store.setLog(persistence.journal);
    return { persistence, stats };
  }

  private static recover(
    snapshotPath: string,
    journalPath: string,
    apply: (rec: Parameters<Store['apply']>[0]) => void,
    stats: RecoveryStats,
  ): void {
    if (fs.existsSync(snapshotPath)) {
      // Snapshots are renamed into place complete, so any damage here is real corruption.
      const buf = fs.readFileSync(snapshotPath);
      const { count, validLength } = readRecords(buf, apply);
      if (validLength !== buf.length) {
        throw new Error(
          `devdb: ${snapshotPath} is damaged at byte ${validLength}; refusing to start`,
        );
      }
      stats.snapshotRecords = count;
    }
    if (fs.existsSync(journalPath)) {
      const buf = fs.readFileSync(journalPath);
      const { count, validLength } = readRecords(buf, apply);
      stats.journalRecords = count;
      stats.discardedBytes = buf.length - validLength;
      // Cut the bad tail so that new records are not appended after garbage.
      if (validLength < buf.length) {
        // Keep the original bytes for inspection in case the damage was not just a torn tail.
        fs.writeFileSync(`${journalPath}.damaged-${Date.now()}`, buf.subarray(validLength));
        fs.truncateSync(journalPath, validLength);
        syncDir(path.dirname(journalPath));
      }
    }
  }

  /** Group commit point: everything appended so far becomes durable. */
  commit(): void {
    this.journal.commit();
  }

  get needsCompaction(): boolean {
    return this.journal.size >= this.compactBytes;
  }

  /** Folds the journal into a fresh snapshot, then empties the journal. */
  compact(): void {
    this.journal.commit();
    if (this.journal.size === 0 && fs.existsSync(this.snapshotPath)) return;
    writeSnapshot(this.snapshotPath, this.store.records());
    this.journal.reset();
  }

  close(): void {
    this.compact();
    this.journal.close();
    this.unlock();
  }
}
