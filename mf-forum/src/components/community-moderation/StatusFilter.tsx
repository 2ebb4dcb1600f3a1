import { cx } from '@forum/ui';
import { MODERATION_TEXTS } from '../../moderationTexts';

export type QueueStatus = 'open' | 'closed';

/** Open / Closed switch of a queue: a group of toggle buttons (aria-pressed). */
export function StatusFilter({
  value,
  onChange,
}: {
  value: QueueStatus;
  onChange: (status: QueueStatus) => void;
}) {
  return (
    <div className="forum-sort" role="group" aria-label={MODERATION_TEXTS.statusFilter}>
      {(['open', 'closed'] as const).map((s) => (
        <button
          key={s}
          type="button"
          className={cx('forum-sort__btn', value === s && 'is-active')}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          data-testid={`status-${s}`}
        >
          {s === 'open' ? MODERATION_TEXTS.statusOpen : MODERATION_TEXTS.statusClosed}
        </button>
      ))}
    </div>
  );
}
