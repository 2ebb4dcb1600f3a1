import { vi } from 'vitest';

/**
 * The next call of `method` throws, as a process dying at that step would stop there (restore
 * with vi.restoreAllMocks).
 */
export function crashOnce<T extends object>(target: T, method: keyof T & string): void {
  vi.spyOn(target, method as never).mockImplementationOnce((() => {
    throw new Error(`crash at ${method}`);
  }) as never);
}
