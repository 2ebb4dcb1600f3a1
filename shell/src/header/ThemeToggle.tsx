import { useState } from 'react';
import { getStoredTheme, setTheme } from '@forum/ui';
import type { ThemePreference } from '@forum/ui';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';

const ORDER: ThemePreference[] = ['light', 'dark', 'system'];
const LABEL: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/**
 * Cycles light -> dark -> system. The choice is remembered in local storage (@forum/ui setTheme)
 * and applied before the first paint by /before-paint.js.
 */
export function ThemeToggle() {
  const [theme, setState] = useState<ThemePreference>(getStoredTheme);
  const next = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length] ?? 'system';
  const Icon = theme === 'light' ? SunIcon : theme === 'dark' ? MoonIcon : MonitorIcon;
  return (
    <button
      type="button"
      className="shell-icon-button"
      onClick={() => {
        setTheme(next);
        setState(next);
      }}
      aria-label={`Theme: ${LABEL[theme]}. Switch to ${LABEL[next].toLowerCase()} theme`}
      title={`Theme: ${LABEL[theme]}`}
      data-testid="theme-toggle"
      data-theme-preference={theme}
    >
      <Icon />
    </button>
  );
}
