import { Button } from '@forum/ui';
import { pageWindow } from '../lib/table';
import { TEXTS } from '../texts';

/** Previous, up to 5 page buttons around the current page (spec §9), Next. */
export function Pager({
  page,
  totalPages,
  hasPrevPage,
  hasNextPage,
  onPage,
  label = 'Users pages',
  testId = 'users-pager',
}: {
  page: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  onPage: (page: number) => void;
  /** The navigation landmark's name (one per table). */
  label?: string;
  testId?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label} data-testid={testId}>
      <Button
        variant="secondary"
        size="sm"
        disabled={!hasPrevPage}
        onClick={() => onPage(page - 1)}
        data-testid="pager-prev"
      >
        {TEXTS.previous}
      </Button>
      <ul className="admin-pager__pages">
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Button
              variant={n === page ? 'primary' : 'ghost'}
              size="sm"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
              data-testid="pager-page"
            >
              {n}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        disabled={!hasNextPage}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        {TEXTS.next}
      </Button>
    </nav>
  );
}
