import { Card, Skeleton } from '@forum/ui';

export function PostDetailSkeleton() {
  return (
    <Card className="forum-post-card" aria-busy="true" data-testid="post-loading">
      <div className="forum-post-card__body">
        <Skeleton width="30%" height="0.8em" />
        <Skeleton width="70%" height="1.8em" style={{ marginTop: 10 }} />
        <Skeleton width="100%" height="0.9em" style={{ marginTop: 14 }} />
        <Skeleton width="90%" height="0.9em" style={{ marginTop: 8 }} />
      </div>
    </Card>
  );
}
