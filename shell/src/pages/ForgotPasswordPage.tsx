import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { AuthMessages, ForgotPasswordRequest, Password } from '@forum/contracts';
import { errorMessage, useApi } from '@forum/sdk';
import { Alert, Button, TextField } from '@forum/ui';
import { tokenFromHash } from '../auth/redirect';
import { PageCard } from './PageCard';
import { useServerError } from './useServerError';
import { TEXTS } from '../texts';

type RequestValues = z.infer<typeof ForgotPasswordRequest>;

function RequestLinkForm() {
  const api = useApi();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordRequest>, unknown, RequestValues>({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const [serverError, setServerError] = useServerError(watch);

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await api.auth.forgotPassword(email);
      setSentTo(email);
    } catch (err) {
      setServerError(errorMessage(err, TEXTS.requestResetFailed));
    }
  });

  if (sentTo !== null) {
    return (
      <>
        <Alert variant="success" data-testid="forgot-sent">
          {AuthMessages.resetEmailSent}
        </Alert>
        <p className="shell-form__footer">
          The link is valid for one hour. Didn&apos;t get it? Check your spam folder or{' '}
          <button type="button" className="shell-link-button" onClick={() => setSentTo(null)}>
            send another link
          </button>
          .
        </p>
        <p className="shell-form__footer">
          <Link to="/login">{TEXTS.backToSignIn}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <p className="shell-page__lead">
        Enter the email address of your account and we&apos;ll send you a link to choose a new
        password.
      </p>
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {serverError ? (
          <Alert variant="error" data-testid="forgot-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          label={TEXTS.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          testId="forgot-email"
          {...register('email')}
        />
        <Button type="submit" disabled={isSubmitting} data-testid="forgot-submit">
          {isSubmitting ? TEXTS.sending : TEXTS.sendResetLink}
        </Button>
      </form>
      <p className="shell-form__footer">
        Remembered it? <Link to="/login">{TEXTS.backToSignIn}</Link>
      </p>
    </>
  );
}

/** The new password follows the registration rules (the contract's Password) plus a confirmation. */
const ResetForm = z.object({ password: Password, confirmPassword: z.string() });
type ResetValues = z.infer<typeof ResetForm>;
const resetSchemaResolver = zodResolver(ResetForm);
const resetResolver: Resolver<ResetValues> = async (values, ctx, options) => {
  const result = await resetSchemaResolver(values, ctx, options);
  // While typing (a field-level check) an empty confirmation is not an error yet; on submit it is.
  const onSubmit = options.names === undefined;
  if (values.password !== values.confirmPassword && (onSubmit || values.confirmPassword !== '')) {
    return {
      values: {},
      errors: {
        ...(result.errors as FieldErrors<ResetValues>),
        confirmPassword: { type: 'custom', message: AuthMessages.passwordsDoNotMatch },
      },
    };
  }
  return result as Awaited<ReturnType<Resolver<ResetValues>>>;
};

function ResetPasswordForm({ token }: { token: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: resetResolver,
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [serverError, setServerError] = useServerError(watch);

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const res = await api.auth.resetPassword(token, password);
      navigate('/login', {
        replace: true,
        state: { message: res?.message || AuthMessages.passwordReset },
      });
    } catch (err) {
      setServerError(errorMessage(err, TEXTS.resetFailed));
    }
  });

  return (
    <>
      <p className="shell-page__lead">{TEXTS.resetLead}</p>
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {serverError ? (
          <Alert variant="error" data-testid="reset-error">
            {serverError}{' '}
            {serverError === AuthMessages.invalidResetToken ? (
              <Link to="/forgot-password">{TEXTS.requestNewLink}</Link>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label={TEXTS.newPassword}
          type="password"
          autoComplete="new-password"
          required
          hint={TEXTS.passwordHint}
          error={errors.password?.message}
          testId="reset-password"
          {...register('password', { deps: ['confirmPassword'] })}
        />
        <TextField
          label={TEXTS.confirmNewPassword}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          testId="reset-confirm-password"
          {...register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting} data-testid="reset-submit">
          {isSubmitting ? TEXTS.saving : TEXTS.setNewPassword}
        </Button>
      </form>
    </>
  );
}

/** /forgot-password: request a link; with #token=... (the mailed link) set a new password. */
export default function ForgotPasswordPage() {
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  return token ? (
    <PageCard title={TEXTS.resetTitle} testId="page-forgot-password" narrow>
      <ResetPasswordForm key={token} token={token} />
    </PageCard>
  ) : (
    <PageCard title={TEXTS.forgotTitle} testId="page-forgot-password" narrow>
      <RequestLinkForm />
    </PageCard>
  );
}
