import { useLayoutEffect } from 'react';

/**
 * The landing the shell's build puts into index.html (`<div id="first-paint">`). CSS shows it
 * only when /before-paint.js marked <html> with FIRST_PAINT_ATTRIBUTE: a visitor (no stored
 * session token) opening /. The app removes it the moment it renders anything of its own there.
 */
export const FIRST_PAINT_ID = 'first-paint';
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** Removes the HTML's landing, so assistive technology never meets two copies of a page. */
export function removeFirstPaint(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ID)?.remove();
  doc.documentElement.removeAttribute(FIRST_PAINT_ATTRIBUTE);
}

/** For the page that replaces it: removed in a layout effect, so no frame shows both or neither. */
export function useReplaceFirstPaint(): void {
  useLayoutEffect(() => removeFirstPaint(), []);
}
