import { Link } from 'react-router-dom';
import type { Election } from '@forum/contracts';
import { useNow } from '@forum/ui/useNow';
import { electionPath } from '../../lib/electionPaths';
import { bannerText } from '../../lib/electionTime';
import './banner.css';

/**
 * The community page's banner while an election is open (EXTENSIONS §E): the nominations'
 * countdown or the end of voting, linking to the election. Its own small chunk: none of the
 * election pages' code comes with it. Gone by the clock as soon as voting closes.
 */
export default function ElectionBanner({
  election,
  communityName,
}: {
  election: Election;
  communityName: string;
}) {
  const now = useNow(1000);
  const text = bannerText(election, now);
  if (!text) return null;
  return (
    <p className="forum-el-banner" data-testid="election-banner" data-phase={election.phase}>
      <Link to={electionPath(communityName, election.id)} data-testid="election-banner-link">
        {text}
      </Link>
    </p>
  );
}
