import { ErrorState } from '@forum/ui';
import { isForbidden, loadError } from '../lib/loadError';
import { TEXTS } from '../texts';

/** A section's failed load: spec §8 text, the server's error under it, Retry unless a 403. */
export function SectionError({
  error,
  fallback,
  onRetry,
  testId,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  testId: string;
}) {
  const { title, detail } = loadError(error, fallback);
  return (
    <ErrorState
      title={title}
      message={detail}
      onRetry={isForbidden(error) ? undefined : onRetry}
      retryLabel={TEXTS.retry}
      data-testid={testId}
    />
  );
}
