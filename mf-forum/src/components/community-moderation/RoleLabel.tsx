import type { Moderator } from '@forum/contracts';
import { cx } from '@forum/ui';
import { formatDate } from '../../lib/display';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** Owner / Moderator, and an elected moderator's term end (§M1, E). */
export function RoleLabel({ moderator }: { moderator: Moderator }) {
  const owner = moderator.role === 'owner';
  return (
    <>
      <span
        className={cx('forum-cm-role', owner && 'forum-cm-role--owner')}
        data-testid="moderator-role"
      >
        {owner ? MODERATION_TEXTS.roleOwner : MODERATION_TEXTS.roleModerator}
      </span>
      {moderator.term_ends_at ? (
        <span className="forum-muted forum-small">
          {MODERATION_TEXTS.termEnds} {formatDate(moderator.term_ends_at)}
        </span>
      ) : null}
    </>
  );
}
