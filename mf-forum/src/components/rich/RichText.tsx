import { Fragment, lazy, Suspense } from 'react';
import { cx } from '@forum/ui';
import { plainParagraphs } from '../../lib/plainParagraphs';

const ForumMarkdown = lazy(() => import('./ForumMarkdown'));

/** The plain text, paragraphs and lines as the renderer will show them (no jump when it comes). */
function PlainFallback({ text }: { text: string }) {
  return (
    <div className="forum-rich__fallback">
      {plainParagraphs(text).map((lines, i) => (
        <p key={i}>
          {lines.map((line, k) => (
            <Fragment key={k}>
              {k > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

/**
 * Content shown in full (post bodies, comments) as Markdown (EXTENSIONS §F1). The renderer is
 * lazy: the first visit to / never loads it; until it has loaded, the plain text shows.
 */
export function RichText({
  text,
  className,
  testId,
}: {
  text: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cx('forum-rich', className)} data-testid={testId}>
      <Suspense fallback={<PlainFallback text={text} />}>
        <ForumMarkdown text={text} />
      </Suspense>
    </div>
  );
}
