/**
 * Display rules of spec §5 and §9, shared by every forum screen. Everything here returns plain
 * strings that React renders as text (never as HTML).
 */
import { toPlainText } from '@forum/rich-text/plain';

/**
 * Spec §5 "all shown text is stripped of markup": every `<...>` that opens like a tag (a letter,
 * `/`, `!` or `?` after `<`) is removed, repeatedly (so `<<b>script>` cannot reassemble), an
 * unclosed one up to the end; NUL characters go. "a < b" stays as written.
 */
export function stripMarkup(value: string | null | undefined): string {
  if (!value) return '';
  let previous: string;
  let current = value.replace(/\0/g, '');
  do {
    previous = current;
    current = current.replace(/<[A-Za-z!?/][^>]*(>|$)/g, '');
  } while (current !== previous);
  return current;
}

/** Markup stripped and whitespace collapsed: for one-line previews. */
export function plainPreviewText(value: string | null | undefined): string {
  return stripMarkup(value).replace(/\s+/g, ' ').trim();
}

/** Cuts text to `max` characters with an ellipsis (spec §5). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** Spec §5: previews are 200 characters for text posts, 150 for image posts, 300 otherwise. */
export function previewLength(type: string): number {
  if (type === 'text') return 200;
  if (type === 'image') return 150;
  return 300;
}

/**
 * A list preview of Markdown content (EXTENSIONS §F1): the text without its markup, spoilers as
 * '[spoiler]', cut to `max` characters.
 */
export function markdownPreview(content: string | null | undefined, max: number): string {
  return toPlainText(stripMarkup(content), max);
}

export function postPreview(post: { type: string; content: string }): string {
  return markdownPreview(post.content, previewLength(post.type));
}

/**
 * Spec §5: links must be http or https. Returns the normalised URL, or null for anything else
 * (javascript:, data:, file:, relative text, whitespace tricks).
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed || /[\s\0]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/**
 * Media URLs the server hands out: same-site paths (/media/...) or http(s) URLs. Anything else
 * (data:, javascript:) is refused.
 */
export function safeMediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  return safeHttpUrl(value);
}

/** Spec §9: s, m, h, d ago; switching at 60, 3600 and 86400 seconds. */
export function relativeTime(value: string | number | Date, now: number = Date.now()): string {
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.floor((now - t) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

function oneDecimal(value: number): string {
  const fixed = (Math.floor(value * 10) / 10).toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** Spec §9: K above 1000, M above 1,000,000, one decimal (1.2K, 3.4M). */
export function formatCompact(count: number): string {
  const abs = Math.abs(count);
  const sign = count < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}${oneDecimal(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}${oneDecimal(abs / 1_000)}K`;
  return String(count);
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "January 5, 2026" */
export function formatDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
