import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Ban, Community } from '@forum/contracts';
import { errorMessage } from '@forum/sdk';
import { Button, Card, TextField, buttonClassName } from '@forum/ui';
import { useBanUser } from '../../hooks/useBanUser';
import { useBans } from '../../hooks/useBans';
import { useUnbanUser } from '../../hooks/useUnbanUser';
import { banEndText } from '../../lib/communityModeration';
import { refreshAfterModeration } from '../../lib/communityModerationKeys';
import { stripMarkup } from '../../lib/display';
import { ReasonDialog } from '../moderation/ReasonDialog';
import { PagedListSection } from '../PagedListSection';
import { RelativeTime } from '../RelativeTime';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { QueueSkeleton } from './QueueSkeleton';
import { UserLink } from './TargetLink';

function BanRow({ ban, communityId }: { ban: Ban; communityId: string }) {
  const unban = useUnbanUser(communityId);
  const toast = useToast();
  return (
    <Card className="forum-cm-row" data-testid="ban-row" data-user-id={ban.user_id}>
      <div className="forum-cm-row__head">
        <UserLink username={ban.username} testId="ban-user" />
      </div>
      <dl className="forum-cm-facts forum-small">
        <dt>{MODERATION_TEXTS.banReason}</dt>
        <dd data-testid="ban-reason">{stripMarkup(ban.reason)}</dd>
        <dt>{MODERATION_TEXTS.banEnds}</dt>
        <dd data-testid="ban-expires">{banEndText(ban.expires_at)}</dd>
        <dt>{MODERATION_TEXTS.bannedBy}</dt>
        <dd>
          <UserLink username={ban.moderator_username} testId="ban-moderator" />{' '}
          <span className="forum-muted">
            <RelativeTime value={ban.created_at} />
          </span>
        </dd>
      </dl>
      <div className="forum-cm-row__actions">
        <Button
          size="sm"
          variant="secondary"
          disabled={unban.isPending}
          aria-label={`${MODERATION_TEXTS.unban} u/${ban.username}`}
          onClick={() =>
            unban.mutate(ban.user_id, {
              onError: (err) => toast(errorMessage(err, MODERATION_TEXTS.unbanFailed)),
            })
          }
          data-testid="ban-unban"
        >
          {MODERATION_TEXTS.unban}
        </Button>
      </div>
    </Card>
  );
}

/** Who to ban: the dialog's first field, so it takes the focus (after the reason's autoFocus). */
function UsernameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <TextField
      ref={ref}
      label={MODERATION_TEXTS.banUsernameLabel}
      value={value}
      autoComplete="off"
      required
      onChange={(e) => onChange(e.target.value)}
      error={error}
      testId="ban-dialog-username"
    />
  );
}

/** The Ban a User dialog: the shared reason dialog with the days field and a username. */
function BanUserButton({ communityId }: { communityId: string }) {
  const ban = useBanUser(communityId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | undefined>();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClassName('primary')}
        onClick={() => {
          ban.reset();
          setUsername('');
          setUsernameError(undefined);
          setOpen(true);
        }}
        data-testid="ban-open"
      >
        {MODERATION_TEXTS.banUser}
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={MODERATION_TEXTS.banTitle}
        description={MODERATION_TEXTS.banDescription}
        reasonRequired
        withDays
        confirmLabel={MODERATION_TEXTS.ban}
        danger
        pending={ban.isPending}
        error={ban.isError ? errorMessage(ban.error, MODERATION_TEXTS.banFailed) : null}
        returnFocusRef={trigger}
        onConfirm={({ reason, days }) => {
          const name = username.trim();
          if (!name) {
            setUsernameError(MODERATION_TEXTS.usernameRequired);
            return;
          }
          if (!reason) return;
          ban.mutate(
            { username: name, reason, days },
            {
              onSuccess: (res) => {
                // The shared hook only marks the lists stale; this one is on screen.
                refreshAfterModeration(queryClient, communityId);
                setOpen(false);
                toast(`u/${res.ban.username} ${MODERATION_TEXTS.wasBanned}`, 'success');
              },
            },
          );
        }}
        testId="ban-dialog"
      >
        <UsernameField
          value={username}
          onChange={(value) => {
            setUsername(value);
            setUsernameError(undefined);
          }}
          error={usernameError}
        />
      </ReasonDialog>
    </>
  );
}

/** §M2: the community's active bans (newest first), Ban a User and Unban. */
export function BansPanel({ community }: { community: Community }) {
  const q = useBans(community.id);
  return (
    <>
      <div className="forum-cm-toolbar">
        <BanUserButton communityId={community.id} />
      </div>
      <PagedListSection
        query={q}
        items={(q.data?.pages.flatMap((p) => p.bans) ?? []).map((b) => ({ ...b, id: b.user_id }))}
        renderItem={(ban) => <BanRow ban={ban} communityId={community.id} />}
        loading={<QueueSkeleton testId="bans-loading" />}
        errorTitle={MODERATION_TEXTS.bansFailed}
        errorTestId="bans-error"
        emptyText={MODERATION_TEXTS.noBans}
        emptyTestId="bans-empty"
        listTestId="bans-list"
        loadMoreTestId="bans-load-more"
      />
    </>
  );
}
