import { useParams } from 'react-router-dom';
import { EmptyState } from '@forum/ui';

/** Stand-in for screens that later issues build. */
export default function Placeholder({ title, param }: { title: string; param?: string }) {
  const params = useParams();
  const value = param ? params[param] : undefined;
  return (
    <div className="forum-page" data-testid="forum-placeholder">
      <h2 className="forum-section__title">{title}</h2>
      <EmptyState title="Coming soon" message={value ? `${param}: ${value}` : undefined} />
    </div>
  );
}
