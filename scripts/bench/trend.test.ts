import { describe, expect, it } from 'vitest';
import { fit, judgeTrend, secondHalf, slope } from './trend.js';

const line = (a: number, b: number, n = 10) =>
  Array.from({ length: n }, (_, i) => ({ t: i, y: a + b * i }));

describe('slope', () => {
  it('fits a straight line exactly', () => {
    expect(slope(line(100, 2.5))).toBeCloseTo(2.5, 10);
    expect(slope(line(100, 0))).toBe(0);
    expect(slope(line(100, -1))).toBeCloseTo(-1, 10);
    expect(fit(line(100, 2.5)).stderr).toBeCloseTo(0, 10);
  });

  it('gives the standard error of the slope', () => {
    // Residuals -0.2, 0.6, -1.2... of y = 1, 3, 2, 4: SSE 1.8, Stt 5 -> se = sqrt(1.8 / 2 / 5).
    expect(fit([1, 3, 2, 4].map((y, t) => ({ t, y }))).stderr).toBeCloseTo(Math.sqrt(0.18), 10);
  });

  it('is the least-squares slope of noisy points', () => {
    // y = 1, 3, 2, 4 at t = 0..3: slope 0.8
    expect(slope([1, 3, 2, 4].map((y, t) => ({ t, y })))).toBeCloseTo(0.8, 10);
  });

  it('is NaN without two distinct times', () => {
    expect(slope([])).toBeNaN();
    expect(slope([{ t: 1, y: 5 }])).toBeNaN();
    expect(
      slope([
        { t: 2, y: 1 },
        { t: 2, y: 3 },
      ]),
    ).toBeNaN();
  });
});

describe('secondHalf', () => {
  it('keeps the points from the middle of the time span on', () => {
    const points = line(0, 1, 11); // t = 0..10
    expect(secondHalf(points).map((p) => p.t)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(secondHalf([])).toEqual([]);
  });

  it('ignores a warm-up ramp', () => {
    // Fast growth during the first half, flat afterwards.
    const points = Array.from({ length: 20 }, (_, t) => ({ t, y: t < 10 ? 100 + 10 * t : 200 }));
    expect(slope(points)).toBeGreaterThan(3);
    expect(slope(secondHalf(points))).toBe(0);
  });
});

describe('judgeTrend', () => {
  it('fails a process that grows faster than its limit', () => {
    const t = judgeTrend('forum', line(200, 3, 20), { maxSlope: 2 });
    expect(t).toMatchObject({ name: 'forum', limit: 2, grows: true });
    expect(t.slope).toBeCloseTo(3, 10);
  });

  it('adds the data allowance to the limit', () => {
    const t = judgeTrend('devdb', line(200, 3, 20), { maxSlope: 2, dataAllowance: 1.5 });
    expect(t).toMatchObject({ limit: 3.5, grows: false });
  });

  it('does not fail on a saw-tooth whose fitted slope is within the noise', () => {
    // svc-forum in a 10-minute soak: a GC saw-tooth of ±30 MB, low samples early in the
    // second half (the first half, flat at 300 MB, is left out by the fit).
    const ys = [
      316, 315, 251, 287, 270, 313, 272, 315, 270, 274, 285, 278, 309, 279, 286, 322, 295, 336, 280,
      314, 283, 283, 292, 288, 320, 292, 311, 300, 300, 291, 291,
    ];
    const points = [
      ...Array.from({ length: 30 }, (_, i) => ({ t: i / 6, y: 300 })),
      ...ys.map((y, i) => ({ t: 5 + i / 6, y })),
    ];
    const t = judgeTrend('forum', points, { maxSlope: 2 });
    expect(t.slope).toBeGreaterThan(2);
    expect(t).toMatchObject({ grows: false, noisy: true });
  });

  it('does not fail on a saw-tooth whose peaks rise within the window while its floor stays', () => {
    // svc-identity in a 10-minute soak: one major GC at minute 5 drops 156 -> 129 MB, then the
    // heap refills; the second half alone looks like +5 MB/min, the floors do not move.
    const ys = [130, 141, 149, 155, 156, 129, 137, 139, 149, 153, 154];
    const points = ys.map((y, i) => ({ t: i, y }));
    const t = judgeTrend('identity', points, { maxSlope: 2 });
    expect(t.slope).toBeGreaterThan(2);
    expect(t.floorSlope).toBeLessThan(0);
    expect(t).toMatchObject({ grows: false, noisy: true });
  });

  it('fails a steady leak under a saw-tooth: the floor rises with it', () => {
    const points = Array.from({ length: 60 }, (_, i) => ({
      t: i / 6,
      y: 200 + 4 * (i / 6) + (i % 6) * 5,
    }));
    const t = judgeTrend('forum', points, { maxSlope: 2 });
    expect(t.floorSlope).toBeCloseTo(4, 0);
    expect(t.grows).toBe(true);
  });

  it('does not fail without enough samples', () => {
    expect(judgeTrend('nats', [{ t: 0, y: 10 }], { maxSlope: 1 }).grows).toBe(false);
  });
});
