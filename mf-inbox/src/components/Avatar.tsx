/** The other user's initial in a circle (decorative: the username is always next to it). */
export function InitialAvatar({ username }: { username: string }) {
  return (
    <span className="inbox-avatar" aria-hidden="true" data-testid="conversation-avatar">
      {(username.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
