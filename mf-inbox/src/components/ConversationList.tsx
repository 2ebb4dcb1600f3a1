import { Link } from 'react-router-dom';
import {
  Button,
  CountBadge,
  ErrorState,
  Spinner,
  cx,
  formatCount,
  formatRelativeTime,
} from '@forum/ui';
import { useConversations } from '../hooks/useConversations';
import { isRemovedContent } from '../lib/removedMessage';
import { TEXTS } from '../texts';
import { useNow } from '@forum/ui/useNow';
import { InitialAvatar } from './Avatar';
import { otherUserLabel } from '../lib/otherUser';
import { messagePreview } from '../lib/messagePreview';

/** Left column: the signed-in user's conversations, newest first, 20 per page. */
export function ConversationList({ selectedId }: { selectedId: string | undefined }) {
  const query = useConversations();
  const now = useNow(30_000);
  const conversations = query.data?.pages.flatMap((p) => p.conversations) ?? [];

  let body;
  if (query.isPending) {
    body = <Spinner block label="Loading conversations" data-testid="conversations-loading" />;
  } else if (query.isError && conversations.length === 0) {
    body = (
      <ErrorState
        title={TEXTS.failedConversations}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.tryAgain}
        data-testid="conversations-error"
      />
    );
  } else if (conversations.length === 0) {
    body = (
      <p className="inbox-list__empty" data-testid="conversations-empty">
        {TEXTS.noConversations}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="inbox-list__items" data-testid="conversation-list">
          {conversations.map((c) => {
            const selected = c.id === selectedId;
            return (
              <li key={c.id}>
                <Link
                  to={`/inbox/${encodeURIComponent(c.id)}`}
                  className={cx('inbox-entry', selected && 'inbox-entry--selected')}
                  aria-current={selected ? 'page' : undefined}
                  data-testid="conversation-item"
                  data-conversation-id={c.id}
                  data-selected={selected ? 'true' : 'false'}
                >
                  <InitialAvatar username={c.other_username} />
                  <span className="inbox-entry__body">
                    <span className="inbox-entry__top">
                      <span className="inbox-entry__user" data-testid="conversation-username">
                        {otherUserLabel(c.other_username)}
                      </span>
                      {c.unread_count > 0 ? (
                        <>
                          <CountBadge
                            count={c.unread_count}
                            data-testid="conversation-unread-badge"
                          />
                          <span className="ui-sr-only">, {formatCount(c.unread_count)} unread</span>
                        </>
                      ) : null}
                      <time
                        className="inbox-entry__time"
                        dateTime={c.last_message_at}
                        data-testid="conversation-time"
                      >
                        {formatRelativeTime(c.last_message_at, now)}
                      </time>
                    </span>
                    <span className="inbox-entry__subject" data-testid="conversation-subject">
                      {c.subject}
                    </span>
                    {isRemovedContent(c.last_message) ? (
                      <span
                        className="inbox-entry__last inbox-entry__last--removed"
                        data-testid="conversation-last-message"
                      >
                        {TEXTS.messageRemoved}
                      </span>
                    ) : (
                      <span className="inbox-entry__last" data-testid="conversation-last-message">
                        {messagePreview(c.last_message)}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        {query.hasNextPage ? (
          <div className="inbox-list__more">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              data-testid="conversations-load-more"
            >
              {TEXTS.loadMoreConversations}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <nav
      className="inbox-list"
      aria-labelledby="inbox-conversations-title"
      data-testid="conversations"
    >
      <h2 id="inbox-conversations-title" className="inbox-list__title">
        {TEXTS.conversations}
      </h2>
      <div className="inbox-list__scroll" data-testid="conversations-scroll">
        {body}
      </div>
    </nav>
  );
}
