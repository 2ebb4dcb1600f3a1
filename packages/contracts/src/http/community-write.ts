import { z } from '../zod.js';
import { plainText } from './post-text.js';

/** Spec §5 texts; the server answers with the first one that applies as `error`. */
export const CommunityTexts = {
  nameMin: 'Community name must be at least 3 characters long',
  nameMax: 'Community name must be at most 50 characters long',
  nameChars: 'Community name can only contain letters, numbers and underscores',
  descriptionMin: 'Description must be at least 10 characters long',
  descriptionMax: 'Description must be at most 500 characters long',
  rulesMin: 'Community rules must be at least 5 characters long',
  rulesMax: 'Community rules must be at most 2000 characters long',
  nameTaken: 'Community name is already taken',
  notFound: 'Community not found',
  cannotEdit: 'You do not have permission to edit this community',
  cannotDelete: 'You do not have permission to delete this community',
  creatorCannotLeave: 'The creator cannot leave their own community',
} as const;

const text = (required: string) => z.string({ error: required }).trim();

export const CommunityName = text(CommunityTexts.nameMin)
  .min(3, CommunityTexts.nameMin)
  .max(50, CommunityTexts.nameMax)
  .regex(/^[A-Za-z0-9_]+$/, CommunityTexts.nameChars);

/** Description and rules are stored as plain text (markup stripped, then bounds apply). */
export const CommunityDescription = plainText(
  CommunityTexts.descriptionMin,
  z.string().min(10, CommunityTexts.descriptionMin).max(500, CommunityTexts.descriptionMax),
);

export const CommunityRules = plainText(
  CommunityTexts.rulesMin,
  z.string().min(5, CommunityTexts.rulesMin).max(2000, CommunityTexts.rulesMax),
);

/** POST /api/communities. */
export const CreateCommunityBody = z.object({
  name: CommunityName,
  description: CommunityDescription,
  rules: CommunityRules,
  is_nsfw: z.boolean({ error: 'is_nsfw must be true or false' }).default(false),
});
export type CreateCommunityBody = z.infer<typeof CreateCommunityBody>;

/** PUT /api/communities/{id}: the name never changes. */
export const UpdateCommunityBody = z.object({
  description: CommunityDescription,
  rules: CommunityRules,
});
export type UpdateCommunityBody = z.infer<typeof UpdateCommunityBody>;

export const CommunityNameParams = z.object({ name: z.string().min(1).max(100) });

/** Answers of deletes that have nothing else to return. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** POST/DELETE /api/communities/{id}/logo. */
export const LogoResponse = z.object({ logo_url: z.string().nullable() });
export type LogoResponse = z.infer<typeof LogoResponse>;
