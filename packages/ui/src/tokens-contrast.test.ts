/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.x contrast of the text/background pairs the components draw, read from tokens.css for
 * each theme block (light, dark, and the system-dark fallback), so a token change cannot bring a
 * pair under 4.5:1 (normal text) unnoticed.
 */
const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

function themeBlocks(): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  const headers = [
    ['light', /\[data-theme='light'\]\s*\{([^}]*)\}/],
    ['dark', /\[data-theme='dark'\]\s*\{([^}]*)\}/],
    ['system dark', /:root:not\(\[data-theme\]\)\s*\{([^}]*)\}/],
  ] as const;
  for (const [name, pattern] of headers) {
    const body = pattern.exec(css)?.[1];
    if (!body) throw new Error(`no ${name} block in tokens.css`);
    const vars = new Map<string, string>();
    for (const m of body.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)) vars.set(m[1]!, m[2]!);
    blocks.set(name, vars);
  }
  return blocks;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** [text, background] pairs as components.css and the apps use them. */
const PAIRS: Array<[string, string]> = [
  ['--color-text', '--color-bg'],
  ['--color-text', '--color-surface'],
  ['--color-text-muted', '--color-surface'],
  ['--color-primary-contrast', '--color-primary'],
  ['--color-danger-text', '--color-danger-bg'],
  ['--color-success-text', '--color-success-bg'],
  ['--color-on-danger-solid', '--color-danger-solid'],
];

describe('theme tokens keep text readable (WCAG AA, 4.5:1)', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ef5350')).toBeLessThan(4.5); // the old dark danger button
  });
  for (const [theme, vars] of themeBlocks()) {
    for (const [text, background] of PAIRS) {
      it(`${theme}: ${text} on ${background}`, () => {
        const fg = vars.get(text);
        const bg = vars.get(background);
        expect(fg, text).toBeDefined();
        expect(bg, background).toBeDefined();
        expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
