import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AuthMessages, ChangePasswordRequest } from '@forum/contracts';

/** The request (current + new password by spec §5's rules) plus the confirmation of the new one. */
export const ChangePasswordForm = ChangePasswordRequest.extend({ confirm_password: z.string() });
export type ChangePasswordValues = z.infer<typeof ChangePasswordForm>;

/**
 * Whether the confirmation is to be flagged: on submit whenever it differs, while typing only
 * once something was typed into it (an empty confirmation is not an error yet).
 */
export function confirmationMismatch(
  values: Pick<ChangePasswordValues, 'new_password' | 'confirm_password'>,
  onSubmit: boolean,
): boolean {
  return (
    values.new_password !== values.confirm_password && (onSubmit || values.confirm_password !== '')
  );
}

const schemaResolver = zodResolver(ChangePasswordForm);

export const changePasswordResolver: Resolver<ChangePasswordValues> = async (
  values,
  ctx,
  options,
) => {
  const result = await schemaResolver(values, ctx, options);
  // react-hook-form names no fields on submit, the ones being checked otherwise.
  if (confirmationMismatch(values, options.names === undefined)) {
    return {
      values: {},
      errors: {
        ...(result.errors as FieldErrors<ChangePasswordValues>),
        confirm_password: { type: 'custom', message: AuthMessages.passwordsDoNotMatch },
      },
    };
  }
  return result as Awaited<ReturnType<Resolver<ChangePasswordValues>>>;
};
