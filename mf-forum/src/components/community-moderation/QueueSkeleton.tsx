import { Card, Skeleton } from '@forum/ui';

/** Placeholder rows while a moderation list loads. */
export function QueueSkeleton({ testId }: { testId: string }) {
  return (
    <div className="forum-post-list" aria-busy="true" data-testid={testId}>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="forum-cm-row">
          <Skeleton width="50%" height="1.1em" />
          <Skeleton width="30%" height="0.9em" />
        </Card>
      ))}
    </div>
  );
}
