import type { Range } from '../../lib/highlightSegments';
import { highlightSegments } from '../../lib/highlightSegments';

/**
 * Text with the search's matches in <mark> elements: React children built from the API's ranges,
 * never HTML (the text itself is never parsed as markup).
 */
export function Highlighted({
  text,
  ranges,
  max,
  markdown,
}: {
  text: string;
  ranges: readonly Range[];
  /** A preview of at most this many characters that shows the first match. */
  max?: number;
  /** Content (Markdown): shown without its syntax, spoilers as '[spoiler]'. */
  markdown?: boolean;
}) {
  return (
    <>
      {highlightSegments(text, ranges, { max, markdown }).map((segment, i) =>
        segment.marked ? (
          <mark key={i} className="forum-search-mark" data-testid="search-mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
