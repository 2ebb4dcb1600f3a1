import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Button, ErrorState } from '@forum/ui';
import { TEXTS } from '../texts';

/** The parts of a useInfiniteQuery result that PagedListSection drives. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

export interface PagedListSectionProps<T extends { id: string }> {
  query: PagedQuery;
  /** The flattened items of all loaded pages. */
  items: T[];
  renderItem: (item: T) => ReactNode;
  /** Shown while the first page loads. */
  loading: ReactNode;
  errorTitle: string;
  errorTestId?: string;
  emptyText: string;
  emptyTestId: string;
  listTestId: string;
  loadMoreTestId: string;
}

/** A paged list with loading / error / empty states and a Load More button. */
export function PagedListSection<T extends { id: string }>({
  query: q,
  items,
  renderItem,
  loading,
  errorTitle,
  errorTestId,
  emptyText,
  emptyTestId,
  listTestId,
  loadMoreTestId,
}: PagedListSectionProps<T>) {
  if (q.isPending) return <>{loading}</>;
  if (q.isError)
    return (
      <ErrorState title={errorTitle} onRetry={() => void q.refetch()} data-testid={errorTestId} />
    );
  if (items.length === 0)
    return (
      <p className="forum-muted" data-testid={emptyTestId}>
        {emptyText}
      </p>
    );
  return (
    <>
      <div className="forum-post-list" data-testid={listTestId}>
        {items.map((item) => (
          <Fragment key={item.id}>{renderItem(item)}</Fragment>
        ))}
      </div>
      {q.hasNextPage ? (
        <div className="forum-more">
          <Button
            variant="secondary"
            disabled={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
            data-testid={loadMoreTestId}
          >
            {q.isFetchingNextPage ? TEXTS.loading : TEXTS.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}
