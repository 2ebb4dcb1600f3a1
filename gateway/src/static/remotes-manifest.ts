import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';

/** remotes.json: which build of each remote the shell loads ({forum: {version, entry}, ...}). */
export const RemotesManifestSchema = z.record(
  z.string().regex(/^[a-z][a-z0-9-]*$/),
  z.looseObject({ version: z.string().min(1), entry: z.string().min(1) }),
);
export type RemotesManifestData = z.infer<typeof RemotesManifestSchema>;

export type ManifestRead =
  { ok: true; manifest: RemotesManifestData } | { ok: false; reason: 'missing' | 'invalid' };

interface Snapshot {
  signature: string;
  manifest: RemotesManifestData;
}

/**
 * Reads remotes.json on demand and re-reads it whenever the file changes (a stat per request is
 * cheap next to a page load), so publishing a remote is a file write, not a gateway restart.
 * A half-written or invalid file keeps the last good version in service.
 */
export class RemotesManifest {
  private last: Snapshot | undefined;

  constructor(
    readonly file: string,
    private readonly onInvalid: (err: unknown) => void = () => {},
  ) {}

  async read(): Promise<ManifestRead> {
    const info = await stat(this.file).catch(() => undefined);
    if (!info?.isFile()) return { ok: false, reason: 'missing' };
    const signature = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    if (this.last?.signature === signature) return { ok: true, manifest: this.last.manifest };
    try {
      const manifest = RemotesManifestSchema.parse(JSON.parse(await readFile(this.file, 'utf8')));
      this.last = { signature, manifest };
      return { ok: true, manifest };
    } catch (err) {
      this.onInvalid(err);
      return this.last
        ? { ok: true, manifest: this.last.manifest }
        : { ok: false, reason: 'invalid' };
    }
  }

  /** Origins of absolute entries (rsbuild dev servers in dev mode), for the CSP. */
  async externalOrigins(): Promise<string[]> {
    const result = await this.read();
    if (!result.ok) return [];
    const origins = new Set<string>();
    for (const { entry } of Object.values(result.manifest)) {
      if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
    }
    return [...origins];
  }
}
