import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { AuthMessages, RegisterForm } from '@forum/contracts';
import { ApiError, errorMessage, session, useSession } from '@forum/sdk';
import { Alert, Button, CheckboxField, TextField } from '@forum/ui';
import { redirectTarget, referralCodeFromHash } from '../auth/redirect';
import { PageCard } from './PageCard';
import { useServerError } from './useServerError';
import { TEXTS } from '../texts';

type RegisterInput = z.input<typeof RegisterForm>;
type RegisterValues = z.output<typeof RegisterForm>;

/** Spec §8. */

const schemaResolver = zodResolver(RegisterForm);

/**
 * The contract's RegisterForm checks the confirmation only once every other field is valid; the
 * form also says 'Passwords do not match' as soon as both are typed.
 */
const resolver: Resolver<RegisterInput, unknown, RegisterValues> = async (values, ctx, options) => {
  const result = await schemaResolver(values, ctx, options);
  const errors = result.errors as FieldErrors<RegisterInput>;
  if (
    !errors.confirmPassword &&
    values.confirmPassword !== '' &&
    values.password !== values.confirmPassword
  ) {
    return {
      values: {},
      errors: {
        ...errors,
        confirmPassword: { type: 'custom', message: AuthMessages.passwordsDoNotMatch },
      },
    };
  }
  return result as Awaited<ReturnType<Resolver<RegisterInput, unknown, RegisterValues>>>;
};

/** Server errors: the details joined with '. ' (spec §8), else the error, else the fallback. */
export function registerErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'HTTP' && err.details?.length) {
    return err.details.join('. ');
  }
  return errorMessage(err, TEXTS.registerFailed);
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useSession();
  const target = redirectTarget(location.state, location.search);
  const [referralCode] = useState(() => referralCodeFromHash(location.hash));
  const [done, setDone] = useState(false);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false as unknown as true,
    },
  });
  const [serverError, setServerError] = useServerError(watch);

  useEffect(() => {
    if (status === 'signed-in' && !isSubmitting && !done) navigate(target, { replace: true });
  }, [status, isSubmitting, done, navigate, target]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await session.register({
        username: values.username,
        email: values.email,
        password: values.password,
        ...(referralCode ? { referral_code: referralCode } : {}),
      });
      setDone(true);
      navigate(target, { replace: true });
    } catch (err) {
      setServerError(registerErrorText(err));
    }
  });

  return (
    <PageCard title={TEXTS.createYourAccount} testId="page-register" narrow>
      {referralCode ? (
        <Alert variant="success" data-testid="referral-banner">
          You were invited by a friend! Your referral code <strong>{referralCode}</strong> will be
          applied when you sign up.
        </Alert>
      ) : null}
      <form className="shell-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {serverError ? (
          <Alert variant="error" data-testid="register-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          label={TEXTS.username}
          autoComplete="username"
          required
          hint={TEXTS.usernameHint}
          error={errors.username?.message}
          testId="register-username"
          {...register('username')}
        />
        <TextField
          label={TEXTS.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          testId="register-email"
          {...register('email')}
        />
        <TextField
          label={TEXTS.password}
          type="password"
          autoComplete="new-password"
          required
          hint={TEXTS.passwordHint}
          error={errors.password?.message}
          testId="register-password"
          {...register('password', { deps: ['confirmPassword'] })}
        />
        <TextField
          label={TEXTS.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          testId="register-confirm-password"
          {...register('confirmPassword')}
        />
        <CheckboxField
          label={
            <>
              I am at least 18 years old and I agree to the{' '}
              <Link to="/terms" target="_blank" data-testid="register-terms-link">
                {TEXTS.termsOfService}
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" target="_blank" data-testid="register-privacy-link">
                {TEXTS.privacyPolicy}
              </Link>
            </>
          }
          required
          error={errors.acceptTerms?.message}
          testId="register-terms"
          {...register('acceptTerms')}
        />
        <Button type="submit" disabled={isSubmitting} data-testid="register-submit">
          {isSubmitting ? TEXTS.creatingAccount : TEXTS.signUp}
        </Button>
      </form>
      <p className="shell-form__footer">
        Already have an account?{' '}
        <Link to="/login" state={location.state} data-testid="register-to-login">
          {TEXTS.signIn}
        </Link>
      </p>
    </PageCard>
  );
}
