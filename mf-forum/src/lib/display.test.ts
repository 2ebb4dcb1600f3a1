import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  markdownPreview,
  plainPreviewText,
  postPreview,
  previewLength,
  relativeTime,
  safeHttpUrl,
  safeMediaUrl,
  stripMarkup,
  truncate,
} from './display';

describe('stripMarkup', () => {
  it('removes tags, keeps their text and plain "<" comparisons', () => {
    expect(stripMarkup('Hi <script>alert(1)</script><b>there</b>')).toBe('Hi alert(1)there');
    expect(stripMarkup('a < b and c > d')).toBe('a < b and c > d');
  });
  it('cannot be fooled by nested or unclosed fragments', () => {
    expect(stripMarkup('<<b>script>x')).toBe('x');
    expect(stripMarkup('ok <img src=x onerror=alert(1)')).toBe('ok ');
    expect(stripMarkup('<!-- c -->t<?php ?>')).toBe('t');
    expect(stripMarkup('a\0b')).toBe('ab');
  });
  it('accepts empty values', () => {
    expect(stripMarkup(undefined)).toBe('');
    expect(stripMarkup(null)).toBe('');
  });
  it('collapses whitespace for previews', () => {
    expect(plainPreviewText('  a\n\n<b>b</b>   c ')).toBe('a b c');
  });
});

describe('previews', () => {
  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });
  it('uses 200 for text, 150 for image and 300 otherwise', () => {
    expect(previewLength('text')).toBe(200);
    expect(previewLength('image')).toBe(150);
    expect(previewLength('link')).toBe(300);
    expect(previewLength('video')).toBe(300);
    const long = 'x'.repeat(400);
    expect(postPreview({ type: 'text', content: long })).toBe(`${'x'.repeat(200)}…`);
    expect(postPreview({ type: 'image', content: long })).toBe(`${'x'.repeat(150)}…`);
    expect(postPreview({ type: 'link', content: long })).toBe(`${'x'.repeat(300)}…`);
    expect(postPreview({ type: 'text', content: 'x'.repeat(200) })).toBe('x'.repeat(200));
  });
  it('shows Markdown as its plain text, spoilers as [spoiler] (EXTENSIONS §F1)', () => {
    const content = '**Bold** start\n\n- one\n- two\n\n>!the secret!< <b>x</b>';
    const preview = postPreview({ type: 'text', content });
    expect(preview).toBe('Bold start one two [spoiler] x');
    expect(markdownPreview('a >!secret!< b', 300)).not.toContain('secret');
    expect(markdownPreview(`**${'y'.repeat(300)}**`, 200)).toBe(`${'y'.repeat(200)}…`);
    expect(markdownPreview('[removed]', 300)).toBe('[removed]');
  });
});

describe('safeHttpUrl', () => {
  it('accepts http and https', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com/');
  });
  it('refuses script, data, file and other schemes', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHttpUrl('file:///etc/passwd')).toBeNull();
    expect(safeHttpUrl('ftp://example.com')).toBeNull();
    expect(safeHttpUrl('example.com')).toBeNull();
    expect(safeHttpUrl('http://exa mple.com')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
  });
  it('media urls may be same-site paths', () => {
    expect(safeMediaUrl('/media/posts/a.webp')).toBe('/media/posts/a.webp');
    expect(safeMediaUrl('//evil.test/a.webp')).toBeNull();
    expect(safeMediaUrl('data:image/png;base64,AAA')).toBeNull();
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('switches unit at 60, 3600 and 86400 seconds', () => {
    expect(relativeTime('2026-01-01T11:59:30Z', now)).toBe('30s ago');
    expect(relativeTime('2026-01-01T11:59:01Z', now)).toBe('59s ago');
    expect(relativeTime('2026-01-01T11:59:00Z', now)).toBe('1m ago');
    expect(relativeTime(now - 3599_000, now)).toBe('59m ago');
    expect(relativeTime(now - 3600_000, now)).toBe('1h ago');
    expect(relativeTime(now - 86399_000, now)).toBe('23h ago');
    expect(relativeTime(now - 86400_000, now)).toBe('1d ago');
    expect(relativeTime(now - 10 * 86400_000, now)).toBe('10d ago');
  });
  it('reads a future time as 0s ago and a bad one as empty', () => {
    expect(relativeTime(now + 5000, now)).toBe('0s ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('formatCompact', () => {
  it('abbreviates with K and M with one decimal', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(15_980)).toBe('15.9K');
    expect(formatCompact(999_999)).toBe('999.9K');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(2_560_000)).toBe('2.5M');
  });
});
