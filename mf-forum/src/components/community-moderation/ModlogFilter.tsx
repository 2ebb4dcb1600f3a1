import { useId } from 'react';
import type { ModlogAction } from '@forum/contracts';
import { MODLOG_ACTION_OPTIONS } from '../../lib/communityModeration';
import { MODERATION_TEXTS } from '../../moderationTexts';

/** The log's action filter: every action of §M3 in words, or all of them. */
export function ModlogFilter({
  value,
  onChange,
}: {
  value: ModlogAction | undefined;
  onChange: (action: ModlogAction | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="forum-cm-filter">
      <label htmlFor={id} className="forum-small">
        {MODERATION_TEXTS.modlogFilterLabel}
      </label>
      <select
        id={id}
        className="ui-input forum-select"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as ModlogAction | undefined)}
        data-testid="modlog-filter"
      >
        <option value="">{MODERATION_TEXTS.modlogAllActions}</option>
        {MODLOG_ACTION_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
