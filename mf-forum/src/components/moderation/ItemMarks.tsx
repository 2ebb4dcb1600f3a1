import type { ReactNode } from 'react';
import type { Post } from '@forum/contracts';
import { cx } from '@forum/ui';
import { TEXTS } from '../../texts';
import './moderation.css';

function Mark({
  icon,
  label,
  testId,
  danger = false,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  danger?: boolean;
}) {
  return (
    <span className={cx('forum-mark', danger && 'forum-mark--removed')} data-testid={testId}>
      <svg
        viewBox="0 0 24 24"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {icon}
      </svg>
      {label}
    </span>
  );
}

/**
 * The pin, lock and removed marks of a post or a comment (EXTENSIONS §M8), in lists and on the
 * post's page. Removed items reach lists only for their author and moderators.
 */
export function ItemMarks({
  item,
}: {
  item: Partial<Pick<Post, 'pinned' | 'locked' | 'removed'>>;
}) {
  if (!item.pinned && !item.locked && !item.removed) return null;
  return (
    <>
      {item.pinned ? (
        <Mark
          testId="pin-mark"
          label={TEXTS.pinned}
          icon={<path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" />}
        />
      ) : null}
      {item.locked ? (
        <Mark
          testId="lock-mark"
          label={TEXTS.locked}
          icon={
            <>
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </>
          }
        />
      ) : null}
      {item.removed ? (
        <Mark
          testId="removed-mark"
          danger
          label={TEXTS.removed}
          icon={
            <>
              <circle cx="12" cy="12" r="9" />
              <path d="M5.6 5.6l12.8 12.8" />
            </>
          }
        />
      ) : null}
    </>
  );
}
