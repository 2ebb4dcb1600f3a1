/** localStorage keys (spec §3: "Auth tokens: token, refreshToken, stored locally"). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface Tokens {
  token: string;
  refreshToken: string;
}

export interface TokenStore {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: Tokens): void;
  clear(): void;
  /** Called after every change (including changes made by another tab). Returns unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function defaultStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') {
      // Probe: Safari private mode and sandboxed frames throw on access.
      localStorage.getItem(TOKEN_KEY);
      return localStorage;
    }
  } catch {
    /* fall through */
  }
  return memoryStorage();
}

/** Where `storage` events of other tabs arrive (window in a browser; a fake in unit tests). */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
}

function defaultEventSource(): StorageEventSource | undefined {
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    return window as unknown as StorageEventSource;
  }
  return undefined;
}

export function createTokenStore(
  storage: KeyValueStorage = defaultStorage(),
  events: StorageEventSource | undefined = defaultEventSource(),
): TokenStore {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  // Another tab signed in, refreshed or signed out.
  events?.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === REFRESH_TOKEN_KEY) emit();
  });

  return {
    getToken: () => storage.getItem(TOKEN_KEY),
    getRefreshToken: () => storage.getItem(REFRESH_TOKEN_KEY),
    setTokens({ token, refreshToken }) {
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
      emit();
    },
    clear() {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
