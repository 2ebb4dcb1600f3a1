import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { LoginRequest } from '@forum/contracts';
import { errorMessage, session, useSession } from '@forum/sdk';
import { Alert, Button, CheckboxField, TextField } from '@forum/ui';
import { redirectTarget } from '../auth/redirect';
import { PageCard } from './PageCard';
import { useServerError } from './useServerError';
import { TEXTS } from '../texts';

type LoginInput = z.input<typeof LoginRequest>;
type LoginValues = z.output<typeof LoginRequest>;

/** Spec §8. */

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useSession();
  const target = redirectTarget(location.state, location.search);
  const notice = (location.state as { message?: unknown } | null)?.message;
  const [done, setDone] = useState(false);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const [serverError, setServerError] = useServerError(watch);

  // Already signed in (or signed in from another tab): go on to where the user was going.
  useEffect(() => {
    if (status === 'signed-in' && !isSubmitting && !done) navigate(target, { replace: true });
  }, [status, isSubmitting, done, navigate, target]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await session.login(values);
      setDone(true);
      navigate(target, { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, TEXTS.loginFailed));
    }
  });

  return (
    <PageCard title={TEXTS.signIn} testId="page-login" narrow>
      {typeof notice === 'string' && notice ? (
        <Alert variant="success" data-testid="login-notice">
          {notice}
        </Alert>
      ) : null}
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {serverError ? (
          <Alert variant="error" data-testid="login-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          label={TEXTS.emailOrUsername}
          autoComplete="username"
          required
          error={errors.email?.message}
          testId="login-email"
          {...register('email')}
        />
        <TextField
          label={TEXTS.password}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          testId="login-password"
          {...register('password')}
        />
        <div className="shell-form__row">
          <CheckboxField
            label={TEXTS.rememberMe}
            testId="login-remember"
            {...register('rememberMe')}
          />
          <Link to="/forgot-password" data-testid="login-forgot">
            {TEXTS.forgotPassword}
          </Link>
        </div>
        <Button type="submit" disabled={isSubmitting} data-testid="login-submit">
          {isSubmitting ? TEXTS.signingIn : TEXTS.signIn}
        </Button>
      </form>
      <p className="shell-form__footer">
        New here?{' '}
        <Link to="/register" state={location.state} data-testid="login-to-register">
          {TEXTS.createAnAccount}
        </Link>
      </p>
    </PageCard>
  );
}
