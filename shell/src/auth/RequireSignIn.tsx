import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import { Spinner } from '@forum/ui';

/** Sends a visitor to /login and back here afterwards (as the remotes' signed-in pages do). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner block data-testid="session-loading" />;
  if (status !== 'signed-in') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
