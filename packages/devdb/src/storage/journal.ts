import fs from 'node:fs';
import type { Doc } from '../bson.js';
import type { WriteLog } from '../engine/collection.js';
import { frameRecord } from './records.js';

/**
 * Append-only log of mutations. Records are buffered while a command runs and written
 * plus fdatasync'd by `commit()`, which the server calls once for all the commands that
 * arrived together (group commit) before it sends their replies.
 */
export class Journal implements WriteLog {
  private pending: Buffer[] = [];
  private fd: number;
  size: number;

  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  append(record: Doc): void {
    this.pending.push(frameRecord(record));
  }

  get dirty(): boolean {
    return this.pending.length > 0;
  }

  commit(): void {
    if (!this.pending.length) return;
    const chunks = this.pending;
    this.pending = [];
    let bytes = 0;
    for (const c of chunks) bytes += c.length;
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
    let off = 0;
    while (off < all.length) off += fs.writeSync(this.fd, all, off, all.length - off);
    fs.fdatasyncSync(this.fd);
    this.size += bytes;
  }

  /** Empties the journal once a snapshot holds everything it recorded. */
  reset(): void {
    fs.ftruncateSync(this.fd, 0);
    fs.fsyncSync(this.fd);
    this.size = 0;
  }

  close(): void {
    this.commit();
    fs.closeSync(this.fd);
  }
}
