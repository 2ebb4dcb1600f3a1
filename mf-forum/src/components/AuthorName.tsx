import { Link } from 'react-router-dom';

/**
 * The contracts' DELETED_AUTHOR, copied, not imported: its module would bring zod (~25 KB gzip)
 * into the home page's first load (deletedAuthor.test.ts keeps the copy equal).
 */
export const DELETED_AUTHOR = '[deleted]';

/**
 * An author's u/name linking to their profile; a deleted account's content shows `[deleted]`
 * (EXTENSIONS §B2) as plain text: its profile is gone and the name is not theirs to show.
 */
export function AuthorName({ username, testId }: { username: string; testId?: string }) {
  if (username === DELETED_AUTHOR) return <span data-testid={testId}>{DELETED_AUTHOR}</span>;
  return (
    <Link to={`/u/${encodeURIComponent(username)}`} data-testid={testId}>
      u/{username}
    </Link>
  );
}

export const isDeletedAuthor = (username: string) => username === DELETED_AUTHOR;
