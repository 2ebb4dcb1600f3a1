import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Api } from './api';
import type { Session, SessionState } from './session';

const SdkContext = createContext<Api | null>(null);

/** Provides an Api instance (tests and standalone remotes can inject their own). */
export function SdkProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <SdkContext.Provider value={api}>{children}</SdkContext.Provider>;
}

/** The Api from the nearest SdkProvider, or the shared default instance. */
export function useApi(): Api {
  const fromContext = useContext(SdkContext);
  return fromContext ?? defaultApiRef.current;
}

// Set by index.ts, avoids a circular import between this file and the default instances.
export const defaultApiRef: { current: Api } = { current: null as unknown as Api };
export const defaultSessionRef: { current: Session } = { current: null as unknown as Session };

/**
 * Who is signed in: `{status: 'signed-out' | 'loading' | 'signed-in', user}`. Re-renders on
 * sign-in, sign-out (in this tab or another), refresh and when the profile arrives.
 */
export function useSession(session: Session = defaultSessionRef.current): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
