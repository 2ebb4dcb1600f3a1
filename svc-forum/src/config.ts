import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

export const forumConfigSchema = z.object({
  ...baseServiceConfig,
  PORT: portVar(4002),
  MONGO_DB: z.string().min(1).default('forum'),
  /** The service's own files; `npm start` passes one per service. */
  DATA_DIR: z.string().min(1).default('./.data/forum'),
  /** Processed logos and post images; default <DATA_DIR>/media. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** The site admin's username (as identity's): never bannable (EXTENSIONS §M2). */
  ADMIN_USERNAME: z.string().min(1).default('admin'),
});

export type ForumConfig = z.output<typeof forumConfigSchema>;

/** Parsed once at start-up; throws ConfigError listing every bad variable. */
export const loadForumConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(forumConfigSchema, env);
