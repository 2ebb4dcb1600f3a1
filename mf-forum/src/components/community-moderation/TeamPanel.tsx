import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Community, Moderator } from '@forum/contracts';
import { errorMessage, useSession } from '@forum/sdk';
import { Alert, Button, Card, ErrorState, TextField } from '@forum/ui';
import { useModerators } from '../../hooks/useModerators';
import { useTeamActions } from '../../hooks/useTeamActions';
import { communityPath } from '../../lib/communityModeration';
import { formatDate } from '../../lib/display';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { ConfirmDialog } from './ConfirmDialog';
import { QueueSkeleton } from './QueueSkeleton';
import { RoleLabel } from './RoleLabel';
import { UserLink } from './TargetLink';
import { UserAvatar } from './UserAvatar';

interface Viewer {
  userId: string;
  /** The owner or the admin: appoints, removes, hands over. */
  manages: boolean;
}

function MemberRow({
  moderator,
  community,
  viewer,
}: {
  moderator: Moderator;
  community: Community;
  viewer: Viewer;
}) {
  const { remove, transfer } = useTeamActions(community.id);
  const navigate = useNavigate();
  const toast = useToast();
  const isSelf = moderator.user_id === viewer.userId;
  const seat = moderator.role === 'moderator';
  return (
    <li className="forum-cm-row ui-card" data-testid="team-member">
      <div className="forum-cm-row__head">
        <span className="forum-cm-person">
          <UserAvatar username={moderator.username} avatarUrl={moderator.avatar_url} />
          <UserLink username={moderator.username} testId="team-member-name" />
        </span>
        <RoleLabel moderator={moderator} />
        <span className="forum-muted forum-small">
          {MODERATION_TEXTS.moderatorSince} {formatDate(moderator.since)}
        </span>
      </div>
      {seat && (viewer.manages || isSelf) ? (
        <div className="forum-cm-row__actions">
          {viewer.manages ? (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="secondary" data-testid="team-make-owner">
                  {MODERATION_TEXTS.makeOwner}
                </Button>
              }
              title={MODERATION_TEXTS.transferTitle}
              description={`u/${moderator.username} ${MODERATION_TEXTS.transferQuestion}`}
              confirmLabel={MODERATION_TEXTS.transferConfirm}
              onConfirm={() => transfer.mutateAsync(moderator.username)}
              errorText={(err) => errorMessage(err, MODERATION_TEXTS.transferFailed)}
              testId="transfer-dialog"
            />
          ) : null}
          {isSelf ? (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="danger" data-testid="team-step-down">
                  {MODERATION_TEXTS.stepDown}
                </Button>
              }
              title={MODERATION_TEXTS.stepDown}
              description={MODERATION_TEXTS.stepDownQuestion}
              confirmLabel={MODERATION_TEXTS.stepDown}
              danger
              onConfirm={async () => {
                await remove.mutateAsync(moderator.user_id);
                // No longer on the team: the tools are not theirs any more.
                navigate(communityPath(community.name));
              }}
              errorText={(err) => errorMessage(err, MODERATION_TEXTS.removeModeratorFailed)}
              testId="step-down-dialog"
            />
          ) : (
            <ConfirmDialog
              trigger={
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`${MODERATION_TEXTS.removeModerator} u/${moderator.username}`}
                  data-testid="team-remove"
                >
                  {MODERATION_TEXTS.removeModerator}
                </Button>
              }
              title={MODERATION_TEXTS.removeModeratorTitle}
              description={`u/${moderator.username} ${MODERATION_TEXTS.removeModeratorQuestion}`}
              confirmLabel={MODERATION_TEXTS.removeModerator}
              danger
              onConfirm={async () => {
                await remove.mutateAsync(moderator.user_id);
                toast(`u/${moderator.username} ${MODERATION_TEXTS.moderatorRemoved}`, 'success');
              }}
              errorText={(err) => errorMessage(err, MODERATION_TEXTS.removeModeratorFailed)}
              testId="remove-moderator-dialog"
            />
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Appoint a member (owner or admin): the server says why not (not a member, already one). */
function AddModeratorForm({ communityId }: { communityId: string }) {
  const { add } = useTeamActions(communityId);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);
  const submit = () => {
    const name = username.trim();
    setAdded(null);
    if (!name) {
      setError(MODERATION_TEXTS.usernameRequired);
      return;
    }
    add.mutate(name, {
      onSuccess: (res) => {
        setUsername('');
        setAdded(res.moderator.username);
      },
      onError: (err) => setError(errorMessage(err, MODERATION_TEXTS.addModeratorFailed)),
    });
  };
  return (
    <Card>
      <form
        className="forum-cm-add"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!add.isPending) submit();
        }}
      >
        <TextField
          label={MODERATION_TEXTS.addModeratorLabel}
          value={username}
          autoComplete="off"
          onChange={(e) => {
            setUsername(e.target.value);
            setError(undefined);
          }}
          error={error}
          testId="team-add-username"
        />
        <Button type="submit" disabled={add.isPending} data-testid="team-add-submit">
          {add.isPending ? MODERATION_TEXTS.adding : MODERATION_TEXTS.addModerator}
        </Button>
      </form>
      {added ? (
        <Alert variant="success" data-testid="team-added">
          u/{added} {MODERATION_TEXTS.moderatorAdded}
        </Alert>
      ) : null}
    </Card>
  );
}

/** §M1: the team; the owner and the admin appoint, remove and hand over; a moderator steps down. */
export function TeamPanel({ community, manages }: { community: Community; manages: boolean }) {
  const { user } = useSession();
  const team = useModerators(community.id);
  const viewer: Viewer = { userId: user?.id ?? '', manages };
  return (
    <>
      {manages ? <AddModeratorForm communityId={community.id} /> : null}
      {team.isPending ? (
        <QueueSkeleton testId="team-loading" />
      ) : team.isError ? (
        <ErrorState
          title={MODERATION_TEXTS.teamFailed}
          onRetry={() => void team.refetch()}
          data-testid="team-error"
        />
      ) : (
        <ul className="forum-post-list forum-cm-list" data-testid="team-list">
          {team.data.moderators.map((m) => (
            <MemberRow key={m.user_id} moderator={m} community={community} viewer={viewer} />
          ))}
        </ul>
      )}
    </>
  );
}
