import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Block } from '@forum/contracts';
import { errorMessage, useBlocks, useSetBlocked } from '@forum/sdk';
import { Button, ErrorState, Spinner } from '@forum/ui';
import { SettingsSection, StatusMessage, type Status } from './SettingsSection';
import { formatBlockedDate } from './format';
import { SETTINGS_TEXTS as T } from './settingsTexts';

function BlockRow({ block, onUnblocked }: { block: Block; onUnblocked: (s: Status) => void }) {
  const setBlocked = useSetBlocked();
  const { username } = block;
  return (
    <li className="shell-settings__block-row" data-testid="settings-block-row">
      <div>
        <Link to={`/u/${encodeURIComponent(username)}`} data-testid="settings-block-user">
          u/{username}
        </Link>
        <div className="shell-settings__meta">
          <time dateTime={block.created_at}>
            {T.blockedOn(formatBlockedDate(block.created_at))}
          </time>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={setBlocked.isPending}
        aria-label={T.unblockUser(username)}
        onClick={() =>
          setBlocked.mutate(
            { username, blocked: false },
            {
              onSuccess: () => onUnblocked({ kind: 'success', text: T.unblocked(username) }),
              onError: (err) =>
                onUnblocked({ kind: 'error', text: errorMessage(err, T.unblockFailed) }),
            },
          )
        }
        data-testid="settings-unblock"
      >
        {T.unblock}
      </Button>
    </li>
  );
}

/** The users the caller blocked (newest first), each with Unblock. */
export function BlockedUsersSection() {
  const blocks = useBlocks();
  const [status, setStatus] = useState<Status>(null);
  return (
    <SettingsSection title={T.blockedUsers} lead={T.blockedLead} testId="settings-blocks">
      {/* Stays when the row it speaks of is gone, so the focus has somewhere to land. */}
      <StatusMessage status={status} testId="settings-blocks-status" />
      {blocks.isPending ? (
        <Spinner block />
      ) : blocks.isError ? (
        <ErrorState
          title={T.blocksFailed}
          retryLabel={T.retry}
          onRetry={() => void blocks.refetch()}
        />
      ) : blocks.data.length === 0 ? (
        <p className="shell-settings__empty" data-testid="settings-blocks-empty">
          {T.noBlocks}
        </p>
      ) : (
        <ul className="shell-settings__list">
          {blocks.data.map((block) => (
            <BlockRow key={block.user_id} block={block} onUnblocked={setStatus} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
