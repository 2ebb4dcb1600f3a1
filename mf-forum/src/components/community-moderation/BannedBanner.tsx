import { useRef, useState } from 'react';
import type { MembershipResponse } from '@forum/contracts';
import { Alert, buttonClassName } from '@forum/ui';
import { banEndText } from '../../lib/communityModeration';
import { MODERATION_TEXTS } from '../../moderationTexts';
import AppealDialog from '../moderation/AppealDialog';
import './community-moderation.css';

type CallerBan = NonNullable<MembershipResponse['ban']>;

/**
 * §M8: what a banned user sees on the community page: the ban's end ("permanent" without one),
 * its reason, and an Appeal of the ban's log entry (§M6).
 */
export default function BannedBanner({ ban }: { ban: CallerBan }) {
  const appealRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <section className="forum-cm-banner" aria-labelledby="banned-title" data-testid="banned-banner">
      <h2 id="banned-title">{MODERATION_TEXTS.bannedTitle}</h2>
      <dl className="forum-cm-facts">
        <dt>{MODERATION_TEXTS.banEnds}</dt>
        <dd data-testid="banned-until">{banEndText(ban.expires_at)}</dd>
        <dt>{MODERATION_TEXTS.banReason}</dt>
        <dd data-testid="banned-reason">{ban.reason}</dd>
      </dl>
      {sent ? (
        <Alert variant="success" data-testid="appeal-sent">
          {MODERATION_TEXTS.banAppealSent}
        </Alert>
      ) : (
        <div>
          {/* A plain button for its ref: where focus returns when the dialog closes. */}
          <button
            ref={appealRef}
            type="button"
            className={buttonClassName('secondary')}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
            data-testid="appeal-ban"
          >
            {MODERATION_TEXTS.banAppeal}
          </button>
        </div>
      )}
      {open ? (
        <AppealDialog
          modlogId={ban.modlog_id}
          title={MODERATION_TEXTS.banAppealTitle}
          description={MODERATION_TEXTS.banAppealText}
          label={MODERATION_TEXTS.banAppealLabel}
          returnFocusRef={appealRef}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : null}
    </section>
  );
}
