import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import { Card, Spinner, buttonClassName } from '@forum/ui';
import { ConversationList } from '../components/ConversationList';
import { ConversationView } from '../components/ConversationView';
import { SignedOut } from '../components/SignedOut';
import { useLiveInbox } from '../hooks/useLiveInbox';
import { TEXTS } from '../texts';

/** /inbox and /inbox/{conversationId}: the list on the left, the open conversation on the right. */
export default function InboxPage() {
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const { status } = useSession();
  useLiveInbox();
  if (status === 'loading') return <Spinner block label="Loading" data-testid="inbox-loading" />;
  if (status === 'signed-out') {
    return <SignedOut title={TEXTS.signedOutInboxTitle} text={TEXTS.signedOutInboxText} />;
  }
  const to = params.get('to');
  const newHref = to ? `/inbox/new?${new URLSearchParams({ to }).toString()}` : '/inbox/new';

  return (
    <Card className="inbox-page" data-testid="inbox-page">
      <div className="inbox-page__head">
        <h1 className="inbox-page__title">{TEXTS.messages}</h1>
        <Link
          to={newHref}
          className={buttonClassName('primary', 'sm')}
          data-testid="new-message-link"
        >
          {TEXTS.newMessage}
        </Link>
      </div>
      <div className="inbox-layout">
        <ConversationList selectedId={conversationId} />
        <div className="inbox-pane" data-testid="conversation-pane">
          {conversationId ? (
            <ConversationView key={conversationId} id={conversationId} />
          ) : (
            <div className="ui-state" data-testid="conversation-placeholder">
              <p className="ui-state__title">{TEXTS.selectTitle}</p>
              <p className="ui-state__text">{TEXTS.selectText}</p>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
