import path from 'node:path';

/**
 * Maps a URL path below `root` to a file path, or undefined when it could escape the root or name
 * a hidden file: undecodable, NUL, backslash, `..` or dot-files (covers %2e%2e and %2f tricks too,
 * since the check runs on the decoded segments).
 */
export function resolveUnderRoot(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return undefined;
  const resolvedRoot = path.resolve(root);
  const file = path.resolve(resolvedRoot, ...segments);
  return file.startsWith(resolvedRoot + path.sep) ? file : undefined;
}
