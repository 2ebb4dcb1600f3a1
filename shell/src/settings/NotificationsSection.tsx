import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationType } from '@forum/contracts';
import { errorMessage, useApi, useSession } from '@forum/sdk';
import { Alert, ErrorState, Spinner } from '@forum/ui';
import { SettingsSection } from './SettingsSection';
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_SETTINGS_ORDER,
  SETTINGS_TEXTS as T,
} from './settingsTexts';

const MUTATION_KEY = ['notification-preferences', 'set'] as const;

/** One setting as a switch: its visible label names it for assistive technology too. */
function PreferenceSwitch({
  type,
  on,
  onToggle,
}: {
  type: NotificationType;
  on: boolean;
  onToggle: (next: boolean) => void;
}) {
  const labelId = useId();
  return (
    <li className="shell-settings__switch-row">
      <span id={labelId}>{NOTIFICATION_LABELS[type]}</span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        className="shell-switch"
        onClick={() => onToggle(!on)}
        data-testid={`settings-notify-${type}`}
      >
        <span className="shell-switch__thumb" aria-hidden="true" />
      </button>
    </li>
  );
}

/** A switch per notification type, saved on toggle: shown at once, put back if the save fails. */
export function NotificationsSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const queryKey = ['notification-preferences', userId] as const;
  const [failed, setFailed] = useState<string | null>(null);

  const prefs = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call('GET /api/notifications/preferences', {}, { signal }),
    enabled: userId !== '',
  });

  const save = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: ({ type, on }: { type: NotificationType; on: boolean }) =>
      api.call('PUT /api/notifications/preferences', { body: { [type]: on } }),
    onMutate: async ({ type, on }) => {
      setFailed(null);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<NotificationPreferences>(queryKey, (old) =>
        old ? { ...old, [type]: on } : old,
      );
    },
    // Only this switch goes back: another one toggled meanwhile keeps its own change.
    onError: (err, { type, on }) => {
      queryClient.setQueryData<NotificationPreferences>(queryKey, (old) =>
        old ? { ...old, [type]: !on } : old,
      );
      setFailed(errorMessage(err, T.preferenceFailed));
    },
    // The server's state once the last pending toggle has settled (an earlier answer may be stale).
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });

  return (
    <SettingsSection
      title={T.notifications}
      lead={T.notificationsLead}
      testId="settings-notifications"
    >
      {failed ? (
        <Alert variant="error" data-testid="settings-notify-error">
          {failed}
        </Alert>
      ) : null}
      {prefs.isPending ? (
        <Spinner block />
      ) : prefs.isError ? (
        <ErrorState
          title={T.notificationsFailed}
          retryLabel={T.retry}
          onRetry={() => void prefs.refetch()}
        />
      ) : (
        <ul className="shell-settings__list">
          {NOTIFICATION_SETTINGS_ORDER.map((type) => (
            <PreferenceSwitch
              key={type}
              type={type}
              on={prefs.data[type]}
              onToggle={(on) => save.mutate({ type, on })}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
