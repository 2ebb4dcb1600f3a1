import './tokens.css';
import './components.css';

export { Button, buttonClassName } from './Button';
export type { ButtonProps, ButtonVariant } from './Button';
export { Card } from './Card';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { ErrorState, EmptyState } from './States';
export type { ErrorStateProps, EmptyStateProps } from './States';
export { tokens, cssVar } from './tokens';
export type { TokenName } from './tokens';
export { applyTheme, getStoredTheme, setTheme, THEME_STORAGE_KEY } from './theme';
export type { ThemePreference } from './theme';
export { cx } from './cx';
