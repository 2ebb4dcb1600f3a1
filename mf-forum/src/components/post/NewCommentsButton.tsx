import { Button } from '@forum/ui';
import { useNewComments } from '../../hooks/useNewComments';
import { TEXTS } from '../../texts';

/**
 * "N new comments — show" on an open post. The polite live region is always there, so screen
 * readers announce the button when it appears and each time the number grows.
 */
export function NewCommentsButton({ postId }: { postId: string }) {
  const { count, show } = useNewComments(postId);
  return (
    <div className="forum-new-comments" aria-live="polite" data-testid="new-comments">
      {count > 0 ? (
        <Button variant="secondary" size="sm" onClick={show} data-testid="new-comments-show">
          {TEXTS.newComments(count)}
        </Button>
      ) : null}
    </div>
  );
}
