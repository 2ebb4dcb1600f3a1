import { useEffect, useRef, useState } from 'react';
import type { ReactionType } from '@forum/contracts';
import { cx } from '@forum/ui';
import { formatCompact } from '../lib/display';
import { REACTIONS } from '../lib/state';
import type { ReactionState, VoteState } from '../lib/state';
import { DownIcon, UpIcon } from './icons';
import { TEXTS } from '../texts';

export function VoteColumn({
  vote,
  onVote,
  label,
  testId = 'post',
  horizontal = false,
}: {
  vote: VoteState;
  onVote: (v: 1 | -1) => void;
  label: string;
  testId?: string;
  horizontal?: boolean;
}) {
  return (
    <div
      className={cx('forum-votes', horizontal && 'forum-votes--row')}
      role="group"
      aria-label={`Votes for ${label}`}
    >
      <button
        type="button"
        className={cx('forum-vote', vote.user_vote === 1 && 'forum-vote--up')}
        aria-pressed={vote.user_vote === 1}
        aria-label="Upvote"
        onClick={() => onVote(1)}
        data-testid={`${testId}-upvote`}
      >
        <UpIcon />
      </button>
      <span className="forum-votes__score" data-testid={`${testId}-score`} aria-live="polite">
        {formatCompact(vote.score)}
      </span>
      <button
        type="button"
        className={cx('forum-vote', vote.user_vote === -1 && 'forum-vote--down')}
        aria-pressed={vote.user_vote === -1}
        aria-label="Downvote"
        onClick={() => onVote(-1)}
        data-testid={`${testId}-downvote`}
      >
        <DownIcon />
      </button>
    </div>
  );
}

/** Copies {origin}/post/{id}; shows "Link copied!" for 2 s (spec §9). */
export function ShareButton({ postId }: { postId: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const url = `${window.location.origin}/post/${postId}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const area = document.createElement('textarea');
      area.value = url;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className="forum-action"
      onClick={() => void copy()}
      data-testid="share-button"
    >
      <span aria-live="polite">{copied ? TEXTS.linkCopied : TEXTS.share}</span>
    </button>
  );
}

export function SaveButton({
  saved,
  onToggle,
  testId = 'save-button',
}: {
  saved: boolean;
  onToggle: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={cx('forum-action', saved && 'forum-action--active')}
      aria-pressed={saved}
      onClick={onToggle}
      data-testid={testId}
    >
      {saved ? TEXTS.saved : TEXTS.save}
    </button>
  );
}

/** Reaction counts and the picker (heart, laugh, sad, wow, rocket). */
export function Reactions({
  state,
  onReact,
}: {
  state: ReactionState;
  onReact: (kind: ReactionType) => void;
}) {
  const [open, setOpen] = useState(false);
  const mine = REACTIONS.find((r) => r.type === state.user_reaction);
  return (
    <div
      className="forum-reactions"
      data-testid="reactions"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      {REACTIONS.filter((r) => state.reactions[r.type] > 0).map((r) => (
        <span
          key={r.type}
          className={cx('forum-reaction-count', state.user_reaction === r.type && 'is-mine')}
          data-testid={`reaction-count-${r.type}`}
          title={r.label}
        >
          <span aria-hidden="true">{r.emoji}</span>
          <span className="ui-sr-only">{r.label}</span> {state.reactions[r.type]}
        </span>
      ))}
      <button
        type="button"
        className={cx('forum-action', mine && 'forum-action--active')}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        data-testid="reaction-toggle"
      >
        {mine ? (
          <>
            <span aria-hidden="true">{mine.emoji}</span> {mine.label}
          </>
        ) : (
          'React'
        )}
      </button>
      {open ? (
        <div
          className="forum-reaction-picker"
          role="group"
          aria-label="Reactions"
          data-testid="reaction-picker"
        >
          {REACTIONS.map((r) => (
            <button
              key={r.type}
              type="button"
              className={cx('forum-reaction', state.user_reaction === r.type && 'is-mine')}
              aria-pressed={state.user_reaction === r.type}
              aria-label={`${r.label} (${state.reactions[r.type]})`}
              title={r.label}
              onClick={() => {
                setOpen(false);
                onReact(r.type);
              }}
              data-testid={`reaction-${r.type}`}
            >
              <span aria-hidden="true">{r.emoji}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Full-screen image viewer: Escape or a click closes it. */
export function ImageViewer({
  src,
  alt,
  onClose,
}: {
  src: string;
  alt: string;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      // Modal: focus stays on the viewer's only control.
      if (e.key === 'Tab') {
        e.preventDefault();
        closeRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div
      className="forum-viewer"
      role="dialog"
      aria-modal="true"
      aria-label="Image viewer"
      onClick={onClose}
      data-testid="image-viewer"
    >
      <button
        ref={closeRef}
        type="button"
        className="forum-viewer__close"
        aria-label="Close image viewer"
      >
        ×
      </button>
      <img src={src} alt={alt} className="forum-viewer__img" />
    </div>
  );
}
