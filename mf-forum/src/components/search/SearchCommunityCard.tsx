import type { Community } from '@forum/contracts';
import { CommunitySummaryCard } from '../CommunitySummaryCard';

/** A community found: as the communities page lists it. */
export function SearchCommunityCard({ community }: { community: Community }) {
  return <CommunitySummaryCard community={community} testId="search-community" />;
}
