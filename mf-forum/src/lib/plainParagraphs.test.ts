import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plainParagraphs';

describe('plainParagraphs (shown while the renderer loads)', () => {
  it('keeps paragraphs and lines, leaves the markup out', () => {
    expect(plainParagraphs('Hello **bold**\nsecond line\n\n- a\n- b')).toEqual([
      ['Hello bold', 'second line'],
      ['a', 'b'],
    ]);
  });

  it('plain text is shown as it was written', () => {
    expect(plainParagraphs('Line one\nLine two')).toEqual([['Line one', 'Line two']]);
  });

  it('spoilers never show, also over several lines', () => {
    const shown = plainParagraphs('a >!secret!< b\n\nc >!one\ntwo!< d').flat().join(' ');
    expect(shown).not.toMatch(/secret|one|two/);
    expect(shown).toContain('[spoiler]');
    expect(shown).toContain('d');
  });

  it('blank paragraphs go; many unclosed spoilers stay fast', () => {
    expect(plainParagraphs('\n\n \n\nx')).toEqual([['x']]);
    const started = performance.now();
    plainParagraphs('>!a '.repeat(5_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
