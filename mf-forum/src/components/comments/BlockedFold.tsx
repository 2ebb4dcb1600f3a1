import { BLOCK_TEXTS } from '../../blockTexts';

/**
 * The line a blocked author's comment shows in the blocker's thread (EXTENSIONS §B1): folded to
 * 'Comment from a blocked user' with Show, or Hide once opened.
 */
export function BlockedFold({ folded, onToggle }: { folded: boolean; onToggle: () => void }) {
  return (
    <div className="forum-comment__meta" data-testid="comment-blocked">
      {folded ? <span>{BLOCK_TEXTS.blockedComment}</span> : null}
      <button
        type="button"
        className="forum-action"
        aria-expanded={!folded}
        onClick={onToggle}
        data-testid="comment-blocked-toggle"
      >
        {folded ? BLOCK_TEXTS.showComment : BLOCK_TEXTS.hideComment}
      </button>
    </div>
  );
}
