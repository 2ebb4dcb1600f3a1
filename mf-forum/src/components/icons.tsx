import type { ReactNode } from 'react';

function Svg({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const UpIcon = () => (
  <Svg>
    <path d="M12 4l7 8h-4v8H9v-8H5z" />
  </Svg>
);
export const DownIcon = () => (
  <Svg>
    <path d="M12 20l-7-8h4V4h6v8h4z" />
  </Svg>
);

/** Post type icon (spec "type icon"); labelled for screen readers. */
export function TypeIcon({ type }: { type: string }) {
  const label = `${type.charAt(0).toUpperCase()}${type.slice(1)} post`;
  if (type === 'link')
    return (
      <Svg label={label}>
        <path d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />
      </Svg>
    );
  if (type === 'image')
    return (
      <Svg label={label}>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="M21 17l-5-5-8 8" />
      </Svg>
    );
  return (
    <Svg label={label}>
      <path d="M5 4h14v16H5z" />
      <path d="M8 9h8M8 13h8M8 17h5" />
    </Svg>
  );
}
