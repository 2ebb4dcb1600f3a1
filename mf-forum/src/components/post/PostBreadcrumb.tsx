import { Link } from 'react-router-dom';

export function PostBreadcrumb({
  community,
  communityName,
  title,
}: {
  community: string;
  communityName: string;
  title: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="forum-breadcrumb" data-testid="breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to={community} data-testid="breadcrumb-community">
            c/{communityName}
          </Link>
        </li>
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}
