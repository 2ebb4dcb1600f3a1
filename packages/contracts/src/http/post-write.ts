import { z } from '../zod.js';
import { plainText } from './post-text.js';

/** Spec §5 texts for posts, and the bounds the spec leaves to the server. */
export const PostTexts = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 300 characters long',
  contentRequired: 'Content is required for text posts',
  contentMax: 'Content must be at most 10,000 characters long',
  linkInvalid: 'Please provide a valid URL for link posts',
  imageRequired: 'Please select an image for image posts',
  descriptionMax: 'Image description must be at most 2,000 characters long',
  typeInvalid: 'Post type must be text, link or image',
  communityRequired: 'community_id must be a valid community id',
  notMember: 'You must be a member of this community to post',
  notFound: 'Post not found',
  cannotEdit: 'You do not have permission to edit this post',
  cannotDelete: 'You do not have permission to delete this post',
  nsfwSignUp: 'Sign up to view NSFW content',
  imageTooLarge: 'File size too large. Maximum size is 10MB.',
} as const;

const ID_PATTERN = /^[a-fA-F0-9]{24}$/;

export const CREATABLE_POST_TYPES = ['text', 'link', 'image'] as const;
export const TITLE_MAX = 300;
export const TEXT_MAX = 10_000;
export const IMAGE_DESCRIPTION_MAX = 2_000;

export const PostTitle = plainText(
  PostTexts.titleRequired,
  z.string().min(1, PostTexts.titleRequired).max(TITLE_MAX, PostTexts.titleMax),
);

/** http(s) only: javascript:, data:, file: and the rest are refused. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const content = plainText(
  PostTexts.contentRequired,
  z.string().max(TEXT_MAX, PostTexts.contentMax),
);

/**
 * POST /api/posts (JSON, or multipart with the same fields plus `image`). Content rules depend
 * on the type: text needs content, link a http(s) URL, image an optional description.
 */
export const CreatePostBody = z
  .object({
    title: PostTitle,
    content: content.optional(),
    type: z.enum(CREATABLE_POST_TYPES, { error: PostTexts.typeInvalid }).default('text'),
    community_id: z
      .string({ error: PostTexts.communityRequired })
      .regex(ID_PATTERN, PostTexts.communityRequired),
  })
  .superRefine((body, ctx) => {
    const value = body.content ?? '';
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
    if (body.type === 'text' && value === '') issue(PostTexts.contentRequired);
    if (body.type === 'link' && !isHttpUrl(value)) issue(PostTexts.linkInvalid);
    if (body.type === 'image' && value.length > IMAGE_DESCRIPTION_MAX) {
      issue(PostTexts.descriptionMax);
    }
  });
export type CreatePostBody = z.infer<typeof CreatePostBody>;
export type CreatePostInput = z.input<typeof CreatePostBody>;

/**
 * PUT /api/posts/{id}: title and content (same rules for the post's type). `type` and
 * `community_id` are accepted, as the spec's client sends them, but cannot change.
 */
export const UpdatePostBody = z.object({
  title: PostTitle,
  content: content.optional(),
  type: z.string().optional(),
  community_id: z.string().optional(),
});
export type UpdatePostBody = z.infer<typeof UpdatePostBody>;
