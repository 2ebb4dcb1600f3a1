import { Link } from 'react-router-dom';
import type { ReportedItem } from '@forum/contracts';
import { typeLabel } from '../../lib/reportTexts';
import { profileHref, reportItemHref } from '../../lib/reports';
import { TEXTS } from '../../texts';

/**
 * What was reported: its type and author, then a post's title (its start under it), a comment's
 * start with the post it is on, or a message's start. Posts and comments link to where they are
 * read; a message is private. One cell keeps the queue readable without scrolling sideways.
 */
export function ReportItemCell({ item }: { item: ReportedItem }) {
  const href = reportItemHref(item, item.post_id ?? null);
  const headline =
    item.target_type === 'post' && item.target_title ? item.target_title : item.target_excerpt;
  let context: string | null;
  if (item.target_type === 'post') {
    context = item.target_title && item.target_excerpt ? item.target_excerpt : null;
  } else if (item.target_type === 'comment') {
    context = item.target_title ? TEXTS.onPost(item.target_title) : null;
  } else {
    context = TEXTS.privateMessage;
  }
  const author = item.target_author_username;
  return (
    <>
      <span className="admin-report__meta">
        <span className="admin-flag admin-flag--off" data-testid="report-type">
          {typeLabel(item.target_type)}
        </span>{' '}
        {TEXTS.by}{' '}
        <Link to={profileHref(author)} data-testid="report-author">
          u/{author}
        </Link>
      </span>
      {href ? (
        <Link to={href} className="admin-report__headline" data-testid="report-link">
          {headline}
        </Link>
      ) : (
        <span className="admin-report__headline">{headline}</span>
      )}
      {context ? (
        <span className="admin-report__context" data-testid="report-context">
          {context}
        </span>
      ) : null}
    </>
  );
}
