import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

/** The development default; production sets ELECTION_BALLOT_SECRET (docs/ELECTIONS.md). */
export const DEV_BALLOT_SECRET = 'dev-only-election-ballot-secret';

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
  /** The shortest nomination or voting phase an election may have (EXTENSIONS §E). */
  ELECTION_MIN_PHASE_SECONDS: z.coerce.number().int().min(1).default(86400),
  /**
   * Keys the ballot store (docs/ELECTIONS.md): with the database it links voters to ballots, so
   * production sets its own and keeps it apart from DB backups. Never logged.
   */
  ELECTION_BALLOT_SECRET: z.string().min(16).default(DEV_BALLOT_SECRET),
});

export type ForumConfig = z.output<typeof forumConfigSchema>;

/** Parsed once at start-up; throws ConfigError listing every bad variable. */
export const loadForumConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(forumConfigSchema, env);
