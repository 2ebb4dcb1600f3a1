import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { booleanVar, byteSizeVar, loadConfig } from '@forum/service-kit';

/** gateway/src (or gateway/dist) -> repository root; both layouts sit two levels below it. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const port = z.coerce.number().int().min(0).max(65535);
const serviceUrl = (defaultUrl: string) => z.url().default(defaultUrl);

/**
 * HSTS must be opted into (a wrong max-age on a plain-HTTP dev host is hard to undo):
 * unset/false/0 = off, true = one year, a number = that many seconds.
 */
const hstsVar = z
  .string()
  .default('false')
  .transform((value, ctx) => {
    if (['false', '0', 'off', 'no'].includes(value)) return 0;
    if (['true', 'on', 'yes'].includes(value)) return 31_536_000;
    const seconds = Number(value);
    if (!Number.isInteger(seconds) || seconds < 0) {
      ctx.addIssue({ code: 'custom', message: 'must be true, false or a max-age in seconds' });
      return z.NEVER;
    }
    return seconds;
  });

export const gatewayConfigSchema = z.object({
  GATEWAY_PORT: port.optional(),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IDENTITY_URL: serviceUrl('http://127.0.0.1:4001'),
  FORUM_URL: serviceUrl('http://127.0.0.1:4002'),
  MESSAGING_URL: serviceUrl('http://127.0.0.1:4003'),
  STREAM_URL: serviceUrl('http://127.0.0.1:4004'),
  SHELL_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'shell', 'dist')),
  REMOTES_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.data', 'remotes')),
  REMOTES_MANIFEST: z.string().min(1).optional(),
  SHELL_URL: z.url().optional(),
  REMOTE_FORUM_URL: z.url().optional(),
  REMOTE_INBOX_URL: z.url().optional(),
  REMOTE_ADMIN_URL: z.url().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  JSON_BODY_LIMIT: byteSizeVar('1mb'),
  UPLOAD_BODY_LIMIT: byteSizeVar('11mb'),
  TRUST_PROXY: booleanVar(false),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  HSTS: hstsVar,
  DEV_MODE: booleanVar(false),
  STATIC_CACHE_SIZE: byteSizeVar('64mb'),
});

export interface GatewayConfig {
  port: number;
  host: string;
  logLevel: string;
  upstreams: { identity: string; forum: string; messaging: string; stream: string };
  shellDir: string;
  remotesDir: string;
  remotesManifest: string;
  /** Production alternative to the directories: static upstreams (one nginx per front end). */
  staticUpstreams: { shell?: string; remotes: Partial<Record<string, string>> };
  upstreamTimeoutMs: number;
  jsonBodyLimit: number;
  uploadBodyLimit: number;
  trustProxy: boolean;
  adminUsername: string;
  /** HSTS max-age in seconds; 0 = header not sent. */
  hstsMaxAge: number;
  /** Relaxes the CSP for the rsbuild dev servers named in remotes.json. */
  devMode: boolean;
  /** Memory bound of the compressed front-end files cache (LRU by bytes). */
  compressionCacheBytes: number;
}

export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  const raw = loadConfig(gatewayConfigSchema, env);
  const remotes: Partial<Record<string, string>> = {};
  if (raw.REMOTE_FORUM_URL) remotes.forum = raw.REMOTE_FORUM_URL;
  if (raw.REMOTE_INBOX_URL) remotes.inbox = raw.REMOTE_INBOX_URL;
  if (raw.REMOTE_ADMIN_URL) remotes.admin = raw.REMOTE_ADMIN_URL;
  return {
    port: raw.GATEWAY_PORT ?? raw.PORT,
    host: raw.HOST,
    logLevel: raw.LOG_LEVEL,
    upstreams: {
      identity: raw.IDENTITY_URL,
      forum: raw.FORUM_URL,
      messaging: raw.MESSAGING_URL,
      stream: raw.STREAM_URL,
    },
    shellDir: path.resolve(raw.SHELL_DIR),
    remotesDir: path.resolve(raw.REMOTES_DIR),
    remotesManifest: path.resolve(
      raw.REMOTES_MANIFEST ?? path.join(raw.REMOTES_DIR, 'remotes.json'),
    ),
    staticUpstreams: { ...(raw.SHELL_URL ? { shell: raw.SHELL_URL } : {}), remotes },
    upstreamTimeoutMs: raw.UPSTREAM_TIMEOUT_MS,
    jsonBodyLimit: raw.JSON_BODY_LIMIT,
    uploadBodyLimit: raw.UPLOAD_BODY_LIMIT,
    trustProxy: raw.TRUST_PROXY,
    adminUsername: raw.ADMIN_USERNAME,
    hstsMaxAge: raw.HSTS,
    devMode: raw.DEV_MODE,
    compressionCacheBytes: raw.STATIC_CACHE_SIZE,
  };
}
