import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';

/** Usernames: 3 to 50 letters and digits (spec §5). */
export const Username = z
  .string()
  .min(3, 'Username must be between 3 and 50 characters')
  .max(50, 'Username must be between 3 and 50 characters')
  .regex(/^[A-Za-z0-9]+$/, 'Username can only contain letters and numbers');

/** The User entity of spec §3 as any caller may see it. */
export const User = z
  .object({
    id: Id,
    username: z.string(),
    email: z.string().optional(),
    /** EXTENSIONS §B2: the signed-in user's own profile only, with `email`. */
    email_verified: z.boolean().optional(),
    avatar_url: z.string().nullable(),
    created_at: Timestamp,
    total_score: z.number().int(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;
