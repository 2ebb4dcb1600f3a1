import { Link } from 'react-router-dom';
import type { ReportedItem } from '@forum/contracts';
import { useCommentPostId } from '../../hooks/useCommentPostId';
import { reportItemHref } from '../../lib/reports';
import { TEXTS } from '../../texts';

/**
 * What was reported: a post's title (its start under it), a comment's start with the post it is
 * on, a message's start. Posts and comments link to where they are read; a message is private.
 */
export function ReportItemCell({ item }: { item: ReportedItem }) {
  const postId = useCommentPostId(item.target_id, item.target_type === 'comment');
  const href = reportItemHref(item, postId);
  const headline =
    item.target_type === 'post' && item.target_title ? item.target_title : item.target_excerpt;
  let context: string | null = null;
  if (item.target_type === 'post') {
    context = item.target_title && item.target_excerpt ? item.target_excerpt : null;
  } else if (item.target_type === 'comment') {
    context = item.target_title ? TEXTS.onPost(item.target_title) : null;
  } else {
    context = TEXTS.privateMessage;
  }
  return (
    <>
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
