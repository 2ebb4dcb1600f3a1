/** Names of the CSS custom properties defined in tokens.css (use as `var(${tokens.colorBg})`). */
export const tokens = {
  colorBg: '--color-bg',
  colorSurface: '--color-surface',
  colorSurfaceMuted: '--color-surface-muted',
  colorBorder: '--color-border',
  colorText: '--color-text',
  colorTextMuted: '--color-text-muted',
  colorPrimary: '--color-primary',
  colorPrimaryHover: '--color-primary-hover',
  colorPrimaryContrast: '--color-primary-contrast',
  colorLink: '--color-link',
  colorDanger: '--color-danger',
  colorDangerBg: '--color-danger-bg',
  colorSuccess: '--color-success',
  colorDangerText: '--color-danger-text',
  /** A filled danger surface (buttons, badges) that carries white text at 4.5:1 in every theme. */
  colorDangerSolid: '--color-danger-solid',
  colorOnDangerSolid: '--color-on-danger-solid',
  colorSuccessBg: '--color-success-bg',
  colorSuccessText: '--color-success-text',
  colorInputBorder: '--color-input-border',
  colorSkeleton: '--color-skeleton',
  colorSkeletonShine: '--color-skeleton-shine',
  colorFocus: '--color-focus',
  shadowCard: '--shadow-card',
  radiusSm: '--radius-sm',
  radiusMd: '--radius-md',
  radiusLg: '--radius-lg',
  space1: '--space-1',
  space2: '--space-2',
  space3: '--space-3',
  space4: '--space-4',
  space5: '--space-5',
  space6: '--space-6',
  fontSans: '--font-sans',
  fontSizeSm: '--font-size-sm',
  fontSizeMd: '--font-size-md',
  fontSizeLg: '--font-size-lg',
  fontSizeXl: '--font-size-xl',
  headerHeight: '--header-height',
  contentWidth: '--content-width',
} as const;

export type TokenName = (typeof tokens)[keyof typeof tokens];

/** `var(--token)` helper for inline styles. */
export function cssVar(name: TokenName): string {
  return `var(${name})`;
}
