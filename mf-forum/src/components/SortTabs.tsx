import type { PostSort } from '@forum/contracts';
import { cx } from '@forum/ui';

const LABELS: Record<PostSort, string> = { hot: 'Hot', new: 'New', top: 'Top' };

/** Hot/New/Top switch: a group of toggle buttons (aria-pressed). */
export function SortTabs({
  value,
  onChange,
  label = 'Sort posts',
  order = ['hot', 'new', 'top'],
}: {
  value: PostSort;
  onChange: (s: PostSort) => void;
  label?: string;
  order?: PostSort[];
}) {
  return (
    <div className="forum-sort" role="group" aria-label={label} data-testid="sort-tabs">
      {order.map((s) => (
        <button
          key={s}
          type="button"
          className={cx('forum-sort__btn', value === s && 'is-active')}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          data-testid={`sort-${s}`}
        >
          {LABELS[s]}
        </button>
      ))}
    </div>
  );
}
