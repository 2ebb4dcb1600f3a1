import { describe, expect, it } from 'vitest';
import { LineSplitter, RingBuffer, makePrefix } from './log-lines.js';

describe('LineSplitter', () => {
  it('joins lines split across chunks and keeps the unterminated tail', () => {
    const s = new LineSplitter();
    expect(s.push('a\nb')).toEqual(['a']);
    expect(s.push('c\r\nd\n')).toEqual(['bc', 'd']);
    expect(s.push('tail')).toEqual([]);
    expect(s.flush()).toEqual(['tail']);
    expect(s.flush()).toEqual([]);
  });
});

describe('RingBuffer', () => {
  it('keeps only the most recent lines', () => {
    const r = new RingBuffer(2);
    for (const l of ['1', '2', '3']) r.push(l);
    expect(r.lines()).toEqual(['2', '3']);
  });
});

describe('makePrefix', () => {
  it('pads names to a common width', () => {
    expect(makePrefix('db', 0, 6, false)).toBe('[db]    ');
    expect(makePrefix('gateway', 1, 6, true)).toContain('[gateway]');
  });
});
