import type { Moderator } from '@forum/contracts';
import { cx } from '@forum/ui';
import { formatDate } from '../../lib/display';
import { TEXTS } from '../../texts';

/** Owner / Moderator, and an elected moderator's term end (§M1, E). */
export function RoleLabel({ moderator }: { moderator: Moderator }) {
  const owner = moderator.role === 'owner';
  return (
    <>
      <span
        className={cx('forum-cm-role', owner && 'forum-cm-role--owner')}
        data-testid="moderator-role"
      >
        {owner ? TEXTS.roleOwner : TEXTS.roleModerator}
      </span>
      {moderator.term_ends_at ? (
        <span className="forum-muted forum-small">
          {TEXTS.termEnds} {formatDate(moderator.term_ends_at)}
        </span>
      ) : null}
    </>
  );
}
