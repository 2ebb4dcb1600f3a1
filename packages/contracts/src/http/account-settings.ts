import { z } from '../zod.js';
import { AuthMessages, Email, Password } from './auth.js';

/** EXTENSIONS §B2: the texts of the account settings (the password change's is the spec's). */
export const AccountTexts = {
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  sameEmail: 'This is already your email address',
  verificationSent: 'A verification link has been sent to your email address.',
  emailVerified: 'Your email address has been verified.',
  emailAlreadyVerified: 'Your email address is already verified',
  verificationTokenRequired: 'Verification token is required',
  invalidVerificationToken: 'Invalid or expired verification link',
} as const;

/** A password checked against the stored hash: no rules beyond presence (the hash decides). */
export const CurrentPassword = (text: string) =>
  z
    .string({ error: AuthMessages.passwordRequired })
    .min(1, AuthMessages.passwordRequired)
    .max(1024, text);

/** PUT /api/auth/password: the new one follows spec §5; every other session is revoked. */
export const ChangePasswordRequest = z.object({
  current_password: CurrentPassword(AccountTexts.currentPasswordIncorrect),
  new_password: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** PUT /api/auth/email: the new address starts unverified; a link goes to it, a notice to the old. */
export const ChangeEmailRequest = z.object({
  password: CurrentPassword(AccountTexts.passwordIncorrect),
  email: Email,
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;

/** POST /api/auth/verify-email: the token from the mailed link (single use, 24 h). */
export const VerifyEmailRequest = z.object({
  token: z
    .string({ error: AccountTexts.verificationTokenRequired })
    .min(1, AccountTexts.verificationTokenRequired)
    .max(512, AccountTexts.invalidVerificationToken),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
