import type { ReactNode } from 'react';
import type { Community } from '@forum/contracts';
import { isApiError } from '@forum/sdk';
import { ErrorState, Spinner } from '@forum/ui';
import { useCommunity } from '../hooks/useCommunity';
import { TEXTS } from '../texts';
import { CommunityNotFound } from './CommunityNotFound';

/**
 * A community sub-page's frame: loads c/{name} and shows the page for it, or the community's
 * loading, not-found and failed states (with Try Again), the same on every such page.
 */
export function CommunityLoader({
  name,
  loadingTestId,
  children,
}: {
  name: string;
  loadingTestId: string;
  children: (community: Community) => ReactNode;
}) {
  const community = useCommunity(name);
  if (community.isPending) return <Spinner block data-testid={loadingTestId} />;
  if (community.isError) {
    return isApiError(community.error) && community.error.status === 404 ? (
      <CommunityNotFound />
    ) : (
      <ErrorState title={TEXTS.communityFailed} onRetry={() => void community.refetch()} />
    );
  }
  return children(community.data.community);
}
