export type ThemePreference = 'light' | 'dark' | 'system';

/** localStorage key holding the user's theme preference (spec: preferences live in local storage). */
export const THEME_STORAGE_KEY = 'theme';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function getStoredTheme(): ThemePreference {
  const value = storage()?.getItem(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * Sets `data-theme` on <html>. "system" removes the attribute so tokens.css follows
 * `prefers-color-scheme`.
 */
export function applyTheme(theme: ThemePreference, root?: HTMLElement): void {
  const el = root ?? (typeof document === 'undefined' ? undefined : document.documentElement);
  if (!el) return;
  if (theme === 'system') el.removeAttribute('data-theme');
  else el.setAttribute('data-theme', theme);
}

export function setTheme(theme: ThemePreference): void {
  const s = storage();
  if (theme === 'system') s?.removeItem(THEME_STORAGE_KEY);
  else s?.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
