import fs from 'node:fs';
import path from 'node:path';
import type { Doc } from '../bson.js';
import { frameRecord } from './records.js';

const CHUNK = 1 << 20;

/** Writes all records to `file` atomically: temp file, fsync, rename, fsync the directory. */
export function writeSnapshot(file: string, records: Iterable<Doc>): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    let chunks: Buffer[] = [];
    let size = 0;
    const flush = (): void => {
      const all = Buffer.concat(chunks, size);
      let off = 0;
      while (off < all.length) off += fs.writeSync(fd, all, off, all.length - off);
      chunks = [];
      size = 0;
    };
    for (const rec of records) {
      const framed = frameRecord(rec);
      chunks.push(framed);
      size += framed.length;
      if (size >= CHUNK) flush();
    }
    flush();
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(path.dirname(file));
}

export function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}
