import { Route, Routes, useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { Card, EmptyState, buttonClassName } from '@forum/ui';
import './inbox.css';

function InboxPlaceholder() {
  const { conversationId } = useParams();
  return (
    <Card className="inbox-page" data-testid="inbox-page">
      <div className="inbox-page__head">
        <h1 className="inbox-page__title">Messages</h1>
        <Link to="/inbox/new" className={buttonClassName('primary', 'sm')}>
          New Message
        </Link>
      </div>
      <EmptyState
        title={conversationId ? 'Conversation' : 'Select a conversation'}
        message="Choose a conversation from the list to view messages."
      />
    </Card>
  );
}

function NewMessagePlaceholder() {
  return (
    <Card className="inbox-page" data-testid="inbox-new-page">
      <h1 className="inbox-page__title">New Message</h1>
      <p>Send a private message to another user</p>
    </Card>
  );
}

function NotFound() {
  return (
    <EmptyState
      title="Page not found"
      message="The page you are looking for does not exist."
      data-testid="not-found"
    />
  );
}

/** The inbox remote's routes (absolute paths, inside the host's router). */
export default function App() {
  return (
    <div className="inbox-root" data-testid="remote-inbox">
      <Routes>
        <Route path="/inbox" element={<InboxPlaceholder />} />
        <Route path="/inbox/new" element={<NewMessagePlaceholder />} />
        <Route path="/inbox/:conversationId" element={<InboxPlaceholder />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
