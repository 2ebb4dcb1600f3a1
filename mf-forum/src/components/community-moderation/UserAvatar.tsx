import { safeMediaUrl } from '../../lib/display';
import './community-moderation.css';

/** A small round avatar, or the username's initial; decorative (the name is always next to it). */
export function UserAvatar({
  username,
  avatarUrl,
  size = 28,
}: {
  username: string;
  avatarUrl: string | null;
  size?: number;
}) {
  const src = safeMediaUrl(avatarUrl);
  return src ? (
    <img
      className="forum-cm-avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      data-testid="moderator-avatar"
    />
  ) : (
    <span
      className="forum-cm-avatar forum-cm-avatar--initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
      data-testid="moderator-avatar-initial"
    >
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
