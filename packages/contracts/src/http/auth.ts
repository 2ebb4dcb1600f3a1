import { z } from '../zod.js';
import { User, Username } from './users.js';

/** Spec §5 and the texts the register and login forms show. */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes; longer passwords would silently be truncated. */
export const PASSWORD_MAX_BYTES = 72;

export const AuthMessages = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 72 characters long',
  passwordTooWeak: 'Password must contain an uppercase letter, a lowercase letter and a number',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms to register',
  loginIdentifierRequired: 'Email or username is required',
  invalidCredentials: 'Invalid credentials',
  accountDeactivated: 'Account is deactivated',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  invalidRefreshToken: 'Invalid or expired refresh token',
  refreshTokenRequired: 'Refresh token is required',
  resetTokenRequired: 'Reset token is required',
  invalidResetToken: 'Invalid or expired reset token',
  resetEmailSent: 'If an account with that email exists, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. Please sign in.',
  loggedOut: 'Logged out',
  userNotFound: 'User not found',
} as const;

export const Email = z
  .string({ error: AuthMessages.emailRequired })
  .trim()
  .pipe(z.email(AuthMessages.emailInvalid).max(254, AuthMessages.emailInvalid));

export const Password = z
  .string({ error: AuthMessages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort)
  .refine(
    (p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES,
    AuthMessages.passwordTooLong,
  )
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p), {
    message: AuthMessages.passwordTooWeak,
    // One message for short passwords is enough; the strength hint follows once it is long enough.
    when: (payload) => typeof payload.value === 'string' && payload.value.length >= 8,
  });

/** A referral code as spec §3 defines it; anything else in the field is ignored, not an error. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{8}$/;
export const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);

export const RegisterRequest = z.object({
  username: z.string({ error: AuthMessages.usernameRequired }).pipe(Username),
  email: Email,
  password: Password,
  referral_code: z.string().max(64, 'Invalid referral code').nullish(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The register form (client side): the request plus confirmation and terms (spec §5). */
export const RegisterForm = RegisterRequest.extend({
  confirmPassword: z.string(),
  acceptTerms: z.literal(true, { error: AuthMessages.termsRequired }),
}).refine((f) => f.password === f.confirmPassword, {
  message: AuthMessages.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

/** `email` holds an email address or a username (the form's "Email or Username"). */
export const LoginRequest = z.object({
  email: z
    .string({ error: AuthMessages.loginIdentifierRequired })
    .trim()
    .min(1, AuthMessages.loginIdentifierRequired)
    .max(254, AuthMessages.invalidCredentials),
  password: z
    .string({ error: AuthMessages.passwordRequired })
    .min(1, AuthMessages.passwordRequired)
    .max(1024, AuthMessages.invalidCredentials),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in user sees their own email. */
export const SessionResponse = z
  .object({ user: User, token: z.string(), refreshToken: z.string() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const RefreshRequest = z.object({
  refreshToken: z
    .string({ error: AuthMessages.refreshTokenRequired })
    .min(1, AuthMessages.refreshTokenRequired)
    .max(512, AuthMessages.invalidRefreshToken),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const RefreshResponse = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const LogoutRequest = z.object({ refreshToken: z.string().max(512).optional() });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const AuthMessageResponse = z.object({ message: z.string() });
export type AuthMessageResponse = z.infer<typeof AuthMessageResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z
    .string({ error: AuthMessages.resetTokenRequired })
    .min(1, AuthMessages.resetTokenRequired)
    .max(512, AuthMessages.invalidResetToken),
  password: Password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** What anyone may see of a user: never the email. */
export const PublicUser = User.omit({ email: true, email_verified: true }).meta({
  id: 'PublicUser',
});
export type PublicUser = z.infer<typeof PublicUser>;
export const PublicUserResponse = z.object({ user: PublicUser });
export type PublicUserResponse = z.infer<typeof PublicUserResponse>;

export const ProfileParams = z.object({ username: z.string().min(1).max(50) });

export const AvatarResponse = z.object({ avatar_url: z.string().nullable() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

/** Image upload texts (spec §5), shared by avatar and logo uploads. */
export const AvatarMessages = {
  invalidType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  tooLarge: 'File size too large. Maximum size is 2MB.',
  missing: 'Please select an image to upload',
} as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
