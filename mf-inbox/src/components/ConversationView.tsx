import { BlockUserButton } from './BlockUserButton';
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSession } from '@forum/sdk';
import { Button, ErrorState, Spinner, cx, formatRelativeTime } from '@forum/ui';
import type { Message } from '@forum/contracts';
import { flattenMessages } from '../lib/flattenMessages';
import { isNotFound } from '../lib/inboxQueries';
import { isRemovedContent } from '../lib/removedMessage';
import { useConversation } from '../hooks/useConversation';
import { useRefreshInboxCounters } from '../hooks/useRefreshInboxCounters';
import { TEXTS } from '../texts';
import { useNow } from '@forum/ui/useNow';
import { InitialAvatar } from './Avatar';
import { Composer } from './Composer';
import { isDeletedUser, otherUserLabel } from '../lib/otherUser';
import { messagePreview } from '../lib/messagePreview';
import { MessageText } from './MessageText';

/** Near enough to the end that new messages should keep the view pinned there. */
const STICK_PX = 80;

// The Report dialog (and Radix's dialog with it) is a chunk of its own, fetched when a Report
// button is pointed at or focused, so it is usually there by the click.
const loadReportDialog = () => import('./ReportMessageDialog');
const ReportMessageDialog = lazy(loadReportDialog);
const preloadReportDialog = () => void loadReportDialog();

/**
 * A message the admin removed after a report: the server says so (`removed`); one from a server
 * that predates the flag is known by its '[removed]' content.
 */
const isRemoved = (message: Pick<Message, 'content' | 'removed'>) =>
  message.removed ?? isRemovedContent(message.content);

/** What the announcer reads: the text as plain text (no spoilers), or the removed note. */
const announcedContent = (message: Pick<Message, 'content' | 'removed'>) =>
  isRemoved(message) ? TEXTS.messageRemoved : messagePreview(message.content);

interface Reporting {
  message: Message;
  /** The Report button that opened the dialog: it gets the focus back. */
  opener: HTMLElement;
}

/** Right pane: one conversation, polled every 10 s, with the reply box. */
export function ConversationView({ id }: { id: string }) {
  const query = useConversation(id);
  const { user } = useSession();
  const myId = user?.id ?? '';
  const now = useNow(30_000);
  const refreshCounters = useRefreshInboxCounters();
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const lastSeenId = useRef<string | null>(null);
  const prependAnchor = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [reporting, setReporting] = useState<Reporting | null>(null);

  const messages = flattenMessages(query.data);
  const first = query.data?.pages[0];
  const lastId = messages.at(-1)?.id ?? null;

  // Opening or polling marked the other's messages read: the list and header badges follow.
  // Only when something changed (first load, a new message), not on every poll.
  useEffect(() => {
    if (!first) return;
    const previous = lastSeenId.current;
    if (previous === lastId) return;
    lastSeenId.current = lastId;
    refreshCounters();
    if (previous === null) return;
    const last = messages.at(-1);
    if (last && last.sender_id !== myId) {
      setAnnouncement(`New message from u/${first.other_username}: ${announcedContent(last)}`);
    }
  }, [first, lastId, messages, myId, refreshCounters]);

  // Keep the end in view on open, on a sent message and on arrivals while the reader is at the
  // end; keep the reader's place when earlier messages are put on top.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (prependAnchor.current !== null) {
      el.scrollTop = el.scrollHeight - prependAnchor.current;
      prependAnchor.current = null;
      return;
    }
    if (stickToEnd.current) el.scrollTop = el.scrollHeight;
  }, [lastId, messages.length]);

  if (query.isPending) {
    return <Spinner block label="Loading conversation" data-testid="conversation-loading" />;
  }
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) {
      return (
        <div className="ui-state ui-state--error" role="alert" data-testid="conversation-not-found">
          <p className="ui-state__title">{TEXTS.notFoundTitle}</p>
          <p className="ui-state__text">{TEXTS.notFoundText}</p>
        </div>
      );
    }
    return (
      <ErrorState
        title={TEXTS.failedConversation}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.tryAgain}
        data-testid="conversation-error"
      />
    );
  }
  const detail = first!;
  const deleted = isDeletedUser(detail.other_username);

  const loadEarlier = () => {
    const el = scrollRef.current;
    if (el) prependAnchor.current = el.scrollHeight - el.scrollTop;
    void query.fetchNextPage();
  };

  return (
    <section
      className="inbox-thread"
      aria-labelledby="inbox-thread-title"
      data-testid="conversation"
    >
      <header className="inbox-thread__head">
        <InitialAvatar username={detail.other_username} />
        <div>
          <h2
            id="inbox-thread-title"
            className="inbox-thread__user"
            data-testid="conversation-other-user"
          >
            {otherUserLabel(detail.other_username)}
          </h2>
          <p className="inbox-thread__subject" data-testid="conversation-subject-title">
            {detail.subject}
          </p>
        </div>
        {deleted ? null : <BlockUserButton username={detail.other_username} />}
      </header>
      <div
        ref={scrollRef}
        className="inbox-thread__scroll"
        tabIndex={0}
        role="region"
        aria-label={`Messages with ${otherUserLabel(detail.other_username)}`}
        data-testid="message-scroll"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        }}
      >
        {query.hasNextPage ? (
          <div className="inbox-thread__earlier">
            <Button
              variant="ghost"
              size="sm"
              onClick={loadEarlier}
              disabled={query.isFetchingNextPage}
              data-testid="messages-load-earlier"
            >
              {TEXTS.loadEarlier}
            </Button>
          </div>
        ) : null}
        <ol className="inbox-thread__messages" data-testid="message-list">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.sender_id === myId}
              other={detail.other_username}
              now={now}
              onReport={(opener) => setReporting({ message: m, opener })}
            />
          ))}
        </ol>
      </div>
      <div
        className="ui-sr-only"
        aria-live="polite"
        aria-atomic="true"
        data-testid="message-announcer"
      >
        {announcement}
      </div>
      {deleted ? (
        <p className="inbox-thread__closed" data-testid="conversation-closed">
          {TEXTS.accountDeleted}
        </p>
      ) : (
        <Composer
          conversationId={id}
          onSent={() => {
            stickToEnd.current = true;
          }}
        />
      )}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportMessageDialog
            key={reporting.message.id}
            message={reporting.message}
            author={detail.other_username}
            returnFocusTo={reporting.opener}
            onClose={() => setReporting(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * One message. A received one has Report (EXTENSIONS §M8: not one's own, and not one the admin
 * already removed, which shows a calm note instead of its text).
 */
function MessageItem({
  message,
  own,
  other,
  now,
  onReport,
}: {
  message: Message;
  own: boolean;
  other: string;
  now: number;
  onReport: (opener: HTMLElement) => void;
}) {
  const removed = isRemoved(message);
  return (
    <li
      className={cx(
        'inbox-msg',
        own ? 'inbox-msg--own' : 'inbox-msg--other',
        removed && 'inbox-msg--removed',
      )}
      data-testid="message"
      data-own={own ? 'true' : 'false'}
      data-removed={removed ? 'true' : 'false'}
      data-message-id={message.id}
    >
      <span className="ui-sr-only">{own ? 'You' : `u/${other}`}: </span>
      {/* A removed message's note stays plain text; the rest is Markdown (EXTENSIONS §F1). */}
      <div className="inbox-msg__content" data-testid="message-content">
        {removed ? TEXTS.messageRemoved : <MessageText>{message.content}</MessageText>}
      </div>
      <span className="inbox-msg__meta">
        <time className="inbox-msg__time" dateTime={message.created_at} data-testid="message-time">
          {formatRelativeTime(message.created_at, now)}
        </time>
        {!own && !removed ? (
          <button
            type="button"
            className="inbox-msg__report"
            onClick={(e) => onReport(e.currentTarget)}
            onPointerEnter={preloadReportDialog}
            onFocus={preloadReportDialog}
            data-testid="message-report"
          >
            {TEXTS.report}
            <span className="ui-sr-only">{TEXTS.reportMessageFrom(other)}</span>
          </button>
        ) : null}
      </span>
    </li>
  );
}
