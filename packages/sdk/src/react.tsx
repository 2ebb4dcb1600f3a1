import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Api } from './api';

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
