import { useRef, useState, type KeyboardEvent } from 'react';
import type { FormatAction } from './format-selection.js';

interface ToolDef {
  action: FormatAction;
  /** What the button shows (short; the accessible name is `name`). */
  face: string;
  name: string;
  /** aria-keyshortcuts, for the two that have one. */
  shortcut?: string;
}

export const TOOLS: readonly ToolDef[] = [
  { action: 'bold', face: 'B', name: 'Bold', shortcut: 'Control+B Meta+B' },
  { action: 'italic', face: 'I', name: 'Italic', shortcut: 'Control+I Meta+I' },
  { action: 'link', face: 'Link', name: 'Link' },
  { action: 'quote', face: '❝', name: 'Quote' },
  { action: 'code', face: '</>', name: 'Code' },
  { action: 'list', face: '•', name: 'List' },
  { action: 'spoiler', face: 'Spoiler', name: 'Spoiler' },
];

interface FormatToolbarProps {
  label: string;
  testId: string;
  onFormat: (action: FormatAction) => void;
}

/**
 * The WAI-ARIA toolbar pattern: one tab stop (roving tabindex), arrow keys / Home / End move
 * between the buttons, focus wraps around. Buttons keep the textarea's focus on mouse down, so
 * its selection is the one the button formats.
 */
export function FormatToolbar({ label, testId, onFormat }: FormatToolbarProps) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = TOOLS.length;
    let next = -1;
    if (event.key === 'ArrowRight') next = (active + 1) % count;
    else if (event.key === 'ArrowLeft') next = (active - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next < 0) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      className="rt-editor__toolbar"
      onKeyDown={onKeyDown}
      data-testid={`${testId}-toolbar`}
    >
      {TOOLS.map((tool, i) => (
        <button
          key={tool.action}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          tabIndex={i === active ? 0 : -1}
          aria-label={tool.name}
          aria-keyshortcuts={tool.shortcut}
          title={tool.shortcut ? `${tool.name} (Ctrl+${tool.face})` : tool.name}
          className={`rt-editor__tool rt-editor__tool--${tool.action}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setActive(i);
            onFormat(tool.action);
          }}
          data-testid={`${testId}-format-${tool.action}`}
        >
          <span aria-hidden="true">{tool.face}</span>
        </button>
      ))}
    </div>
  );
}
