import type { Community } from '@forum/contracts';
import { safeMediaUrl } from '../lib/display';

export function CommunityLogo({ community, size = 48 }: { community: Community; size?: number }) {
  const src = safeMediaUrl(community.logo_url);
  if (src) {
    return (
      <img
        className="forum-logo"
        src={src}
        alt={`c/${community.name} logo`}
        width={size}
        height={size}
        data-testid="community-logo"
      />
    );
  }
  return (
    <span
      className="forum-logo forum-logo--initial"
      style={{ width: size, height: size, fontSize: size / 2.2 }}
      aria-hidden="true"
      data-testid="community-logo-initial"
    >
      {community.name.charAt(0).toUpperCase()}
    </span>
  );
}
