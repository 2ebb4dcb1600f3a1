import { useId, useState, type ReactNode } from 'react';

/**
 * Hidden text behind a disclosure button (Enter and Space work as on any button). The content is
 * `hidden` until opened, so it is neither seen, read out nor focusable before that.
 */
export function Spoiler({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="rt-spoiler" data-open={open}>
      <button
        type="button"
        className="rt-spoiler__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide spoiler' : 'Spoiler'}
      </button>
      <span id={id} className="rt-spoiler__content" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
