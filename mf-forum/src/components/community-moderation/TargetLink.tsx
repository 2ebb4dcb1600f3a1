import { Link } from 'react-router-dom';
import { userPath, type TargetView } from '../../lib/communityModeration';

/** What a moderation entry acted on: a link where there is a page, plain text otherwise. */
export function TargetLink({ target, testId }: { target: TargetView; testId?: string }) {
  return target.to ? (
    <Link to={target.to} className="forum-cm-row__target" data-testid={testId}>
      {target.text}
    </Link>
  ) : (
    <span className="forum-cm-row__target" data-testid={testId}>
      {target.text}
    </span>
  );
}

/** u/name linking to the profile. */
export function UserLink({ username, testId }: { username: string; testId?: string }) {
  return (
    <Link to={userPath(username)} data-testid={testId}>
      u/{username}
    </Link>
  );
}
