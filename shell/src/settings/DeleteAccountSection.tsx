import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { AccountDataTexts, AccountTexts } from '@forum/contracts';
import { errorMessage, tokenStore, useApi } from '@forum/sdk';
import { Button, CheckboxField, TextField } from '@forum/ui';
import { SESSION_NOTICE_KEY } from '../auth/SessionEndedNotice';
import { confirmsDeletion, DeleteAccountForm, type DeleteAccountValues } from './accountData';
import { SettingsSection, StatusMessage, type Status } from './SettingsSection';
import { SETTINGS_TEXTS as T } from './settingsTexts';

const EMPTY: DeleteAccountValues = { password: '', delete_content: false, confirmation: '' };

/**
 * DELETE /api/auth/me: the password and the typed 'delete my account' confirm it. The server
 * has signed every session out, so this one is cleared here without a logout call (the token
 * is refused now) once the user has landed on / with a notice.
 */
export function DeleteAccountSection() {
  const api = useApi();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(null);
  const deleted = useRef(false);
  // The session ends once /settings is gone: ended earlier, the page's sign-in guard would win
  // the race and go to /login (the navigation to / is a transition, the sign-out is not).
  useEffect(
    () => () => {
      if (deleted.current) tokenStore.clear();
    },
    [],
  );
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(DeleteAccountForm),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const confirmed = confirmsDeletion(watch('confirmation'));

  const onSubmit = handleSubmit(async ({ password, delete_content, confirmation }) => {
    if (!confirmsDeletion(confirmation)) return;
    setStatus(null);
    try {
      const res = await api.call('DELETE /api/auth/me', { body: { password, delete_content } });
      deleted.current = true;
      navigate('/', {
        replace: true,
        state: { [SESSION_NOTICE_KEY]: res.message || AccountDataTexts.accountDeleted },
      });
    } catch (err) {
      const message = errorMessage(err, T.deleteFailed);
      if (message === AccountTexts.passwordIncorrect) {
        setError('password', { message });
        setFocus('password');
        return;
      }
      setStatus({ kind: 'error', text: message });
    }
  });

  return (
    <SettingsSection title={T.deleteAccount} lead={T.deleteLead} testId="settings-delete">
      <StatusMessage status={status} testId="settings-delete-status" />
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={T.confirmWithPassword}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          testId="settings-delete-password"
          {...register('password')}
        />
        <CheckboxField
          label={T.deleteContent}
          testId="settings-delete-content"
          {...register('delete_content')}
        />
        <TextField
          label={T.typeToConfirm(AccountDataTexts.deleteConfirmation)}
          autoComplete="off"
          spellCheck={false}
          required
          testId="settings-delete-confirmation"
          {...register('confirmation')}
        />
        <div>
          <Button
            type="submit"
            variant="danger"
            disabled={!confirmed || isSubmitting}
            data-testid="settings-delete-submit"
          >
            {isSubmitting ? T.deleting : T.deleteButton}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
