import { useNow } from '@forum/ui/useNow';
import { relativeTime } from '../lib/display';

/** Relative times move on a page left open: one shared 10 s clock for all of them. */
const TICK_MS = 10_000;

export function RelativeTime({ value, testId }: { value: string; testId?: string }) {
  const now = useNow(TICK_MS);
  const date = new Date(value);
  return (
    <time
      dateTime={value}
      title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString()}
      data-testid={testId}
    >
      {relativeTime(value, now)}
    </time>
  );
}
