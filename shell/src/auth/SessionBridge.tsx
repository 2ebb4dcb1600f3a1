import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { session, useSession } from '@forum/sdk';
import { SessionEndedNotice } from './SessionEndedNotice';

/**
 * Connects the SDK session to the router and the query cache:
 * - a session that cannot be refreshed goes to /login with `from` = the current page, so signing
 *   in again returns there;
 * - when the signed-in user changes (sign-in, sign-out, here or in another tab) every query is
 *   refetched and inactive ones dropped, so no per-user answer (votes, saved, memberships) leaks;
 * - a session ended on purpose (account deleted) leaves a notice for the next page to show.
 */
export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    session.setRedirectToLogin(() => {
      const loc = here.current;
      if (loc.pathname === '/login') return;
      navigate('/login', { state: { from: `${loc.pathname}${loc.search}${loc.hash}` } });
    });
  }, [navigate]);

  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current === userId) return;
    previous.current = userId;
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries();
  }, [userId, queryClient]);

  return <SessionEndedNotice />;
}
