import { useRef, useState } from 'react';
import type { Appeal, Community } from '@forum/contracts';
import { errorMessage } from '@forum/sdk';
import { Card, buttonClassName } from '@forum/ui';
import { useAppealQueue } from '../../hooks/useAppealQueue';
import { useDecideAppeal } from '../../hooks/useDecideAppeal';
import { modlogActionLabel, modlogTarget } from '../../lib/communityModeration';
import { stripMarkup } from '../../lib/display';
import { ReasonDialog } from '../moderation/ReasonDialog';
import { PagedListSection } from '../PagedListSection';
import { RelativeTime } from '../RelativeTime';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { QueueSkeleton } from './QueueSkeleton';
import { StatusFilter, type QueueStatus } from './StatusFilter';
import { TargetLink, UserLink } from './TargetLink';

type Outcome = NonNullable<Appeal['outcome']>;

const DIALOG: Record<Outcome, { title: string; description: string; confirm: string }> = {
  overturn: {
    title: MODERATION_TEXTS.overturnTitle,
    description: MODERATION_TEXTS.overturnDescription,
    confirm: MODERATION_TEXTS.overturn,
  },
  uphold: {
    title: MODERATION_TEXTS.upholdTitle,
    description: MODERATION_TEXTS.upholdDescription,
    confirm: MODERATION_TEXTS.uphold,
  },
};

function AppealRow({ appeal, community }: { appeal: Appeal; community: Community }) {
  const decide = useDecideAppeal(community.id);
  const toast = useToast();
  const [deciding, setDeciding] = useState<Outcome | null>(null);
  const overturnButton = useRef<HTMLButtonElement>(null);
  const upholdButton = useRef<HTMLButtonElement>(null);
  const open = appeal.status === 'open';
  const start = (outcome: Outcome) => {
    decide.reset();
    setDeciding(outcome);
  };
  // A ban's appeal concerns the appellant; a removal's, the post or comment.
  const target = modlogTarget({
    ...appeal,
    target_username: appeal.appellant_username,
    community_name: community.name,
  });
  return (
    <Card className="forum-cm-row" data-testid="appeal-row" data-appeal-id={appeal.id}>
      <div className="forum-cm-row__head">
        <span className="forum-cm-tag" data-testid="appeal-action">
          {modlogActionLabel(appeal.action)}
        </span>
        <TargetLink target={target} testId="appeal-target" />
      </div>
      <div className="forum-cm-row__meta">
        <span>
          {MODERATION_TEXTS.appealBy}{' '}
          <UserLink username={appeal.appellant_username} testId="appeal-appellant" />
        </span>
        <span>
          {MODERATION_TEXTS.appealModerator}{' '}
          <UserLink username={appeal.moderator_username} testId="appeal-moderator" />
        </span>
        <RelativeTime value={appeal.created_at} />
      </div>
      <dl className="forum-cm-facts forum-small">
        {appeal.action_reason ? (
          <>
            <dt>{MODERATION_TEXTS.appealActionReason}</dt>
            <dd data-testid="appeal-action-reason">{stripMarkup(appeal.action_reason)}</dd>
          </>
        ) : null}
        <dt>{MODERATION_TEXTS.appealText}</dt>
        <dd data-testid="appeal-text">{stripMarkup(appeal.text)}</dd>
        {open ? null : (
          <>
            <dt>{MODERATION_TEXTS.decision}</dt>
            <dd data-testid="appeal-outcome">
              {appeal.outcome === 'overturn'
                ? MODERATION_TEXTS.appealOverturned
                : MODERATION_TEXTS.appealUpheld}
              {appeal.decided_by_username ? (
                <>
                  {' '}
                  {MODERATION_TEXTS.modlogBy} <UserLink username={appeal.decided_by_username} />
                </>
              ) : null}
              {appeal.decision_reason ? `: ${stripMarkup(appeal.decision_reason)}` : null}
            </dd>
          </>
        )}
      </dl>
      {open ? (
        <div className="forum-cm-row__actions">
          <button
            ref={overturnButton}
            type="button"
            className={buttonClassName('primary', 'sm')}
            disabled={decide.isPending}
            onClick={() => start('overturn')}
            data-testid="appeal-overturn"
          >
            {MODERATION_TEXTS.overturn}
          </button>
          <button
            ref={upholdButton}
            type="button"
            className={buttonClassName('secondary', 'sm')}
            disabled={decide.isPending}
            onClick={() => start('uphold')}
            data-testid="appeal-uphold"
          >
            {MODERATION_TEXTS.uphold}
          </button>
          <ReasonDialog
            open={deciding !== null}
            onOpenChange={(next) => (next ? undefined : setDeciding(null))}
            title={DIALOG[deciding ?? 'overturn'].title}
            description={DIALOG[deciding ?? 'overturn'].description}
            reasonRequired
            confirmLabel={DIALOG[deciding ?? 'overturn'].confirm}
            pending={decide.isPending}
            // The server's own text, e.g. 'Another moderator must review this appeal'.
            error={
              decide.isError ? errorMessage(decide.error, MODERATION_TEXTS.decideFailed) : null
            }
            returnFocusRef={deciding === 'uphold' ? upholdButton : overturnButton}
            onConfirm={({ reason }) => {
              if (!deciding || !reason) return;
              decide.mutate(
                { appealId: appeal.id, outcome: deciding, reason },
                {
                  onSuccess: () => {
                    setDeciding(null);
                    toast(
                      deciding === 'overturn'
                        ? MODERATION_TEXTS.appealOverturned
                        : MODERATION_TEXTS.appealUpheld,
                      'success',
                    );
                  },
                },
              );
            }}
            testId="decide-dialog"
          />
        </div>
      ) : null}
    </Card>
  );
}

/** §M6: the community's appeals; Overturn (reverses the action) or Uphold, with a reason. */
export function AppealsPanel({ community }: { community: Community }) {
  const [status, setStatus] = useState<QueueStatus>('open');
  const q = useAppealQueue(community.id, status);
  return (
    <>
      <div className="forum-cm-toolbar">
        <StatusFilter value={status} onChange={setStatus} />
      </div>
      <PagedListSection
        query={q}
        items={q.data?.pages.flatMap((p) => p.appeals) ?? []}
        renderItem={(appeal) => <AppealRow appeal={appeal} community={community} />}
        loading={<QueueSkeleton testId="appeals-loading" />}
        errorTitle={MODERATION_TEXTS.appealsFailed}
        errorTestId="appeals-error"
        emptyText={
          status === 'open' ? MODERATION_TEXTS.noOpenAppeals : MODERATION_TEXTS.noClosedAppeals
        }
        emptyTestId="appeals-empty"
        listTestId="appeals-list"
        loadMoreTestId="appeals-load-more"
      />
    </>
  );
}
