import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { compareValues, keyOf, pathValues, renderValue } from './values.js';

describe('compareValues', () => {
  it('orders types as BSON does', () => {
    const ordered = [
      new MinKey(),
      null,
      -1,
      2n,
      3.5,
      '',
      'a',
      { a: 1 },
      [1],
      new Binary(Buffer.from([1])),
      new ObjectId('000000000000000000000000'),
      false,
      true,
      new Date(0),
      new Timestamp({ t: 1, i: 0 }),
      /x/,
      new MaxKey(),
    ];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareValues)).toEqual(ordered);
  });

  it('compares numbers across representations', () => {
    expect(compareValues(1, 1n)).toBe(0);
    expect(compareValues(Long.fromNumber(5), 4.5)).toBeGreaterThan(0);
    expect(compareValues(Decimal128.fromString('2.5'), 3)).toBeLessThan(0);
  });
});

describe('keyOf', () => {
  it('gives equal keys to values MongoDB treats as equal', () => {
    expect(keyOf(1)).toBe(keyOf(1n));
    expect(keyOf(1e21)).toBe(keyOf(10n ** 21n));
    expect(keyOf(null)).toBe(keyOf(undefined));
    const id = new ObjectId();
    expect(keyOf(id)).toBe(keyOf(new ObjectId(id.toHexString())));
    expect(keyOf({ a: 1, b: 2 })).not.toBe(keyOf({ b: 2, a: 1 }));
    expect(keyOf('1')).not.toBe(keyOf(1));
  });
});

describe('pathValues', () => {
  it('descends into arrays like a multikey index', () => {
    expect(pathValues({ a: [{ b: 1 }, { b: 2 }, {}] }, 'a.b')).toEqual([1, 2, undefined]);
    expect(pathValues({ a: [5, 6] }, 'a')).toEqual([5, 6]);
    expect(pathValues({ a: [5, 6] }, 'a.1')).toEqual([6]);
    expect(pathValues({}, 'x.y')).toEqual([undefined]);
  });
});

describe('renderValue', () => {
  it('prints keys like the server does in E11000 messages', () => {
    expect(renderValue({ name: 'x', n: 1 })).toBe('{ name: "x", n: 1 }');
    expect(renderValue({ id: new ObjectId('64b7f0000000000000000000') })).toBe(
      "{ id: ObjectId('64b7f0000000000000000000') }",
    );
    expect(renderValue({ v: null })).toBe('{ v: null }');
  });
});
