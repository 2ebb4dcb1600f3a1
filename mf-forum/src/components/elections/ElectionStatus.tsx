import { useEffect, useRef } from 'react';
import type { Election } from '@forum/contracts';
import { cx } from '@forum/ui';
import { useNow } from '@forum/ui/useNow';
import { clockIsAhead, deadlineText, shownPhase } from '../../lib/electionTime';
import { ELECTION_TEXTS } from '../../electionTexts';

/**
 * An election's phase and its next deadline as a countdown, ticking each second (only this part
 * re-renders). `onBehind`: the clock has passed a deadline the server's answer had not (once per
 * change), so the caller asks again and the phase moves without a reload.
 */
export function ElectionStatus({
  election,
  onBehind,
  testId = 'election',
}: {
  election: Election;
  onBehind?: () => void;
  testId?: string;
}) {
  const now = useNow(1000);
  const phase = shownPhase(election, now);
  const behind = clockIsAhead(election, now);
  const latest = useRef(onBehind);
  useEffect(() => {
    latest.current = onBehind;
  });
  // Once per change of the clock's phase, not on every render with a new callback.
  useEffect(() => {
    if (behind) latest.current?.();
  }, [behind, phase]);
  return (
    <span className="forum-el-status">
      <span
        className={cx('forum-el-phase', `forum-el-phase--${phase}`)}
        data-testid={`${testId}-phase`}
        data-phase={phase}
      >
        {ELECTION_TEXTS.phases[phase]}
      </span>
      <span data-testid={`${testId}-deadline`}>{deadlineText(election, now)}</span>
    </span>
  );
}
