const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** "1048576", "512kb", "11mb", "1.5 MB" -> bytes; undefined when unreadable. */
export function parseByteSize(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) return undefined;
  const factor = UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1;
  return Math.floor(Number(match[1]) * factor);
}
