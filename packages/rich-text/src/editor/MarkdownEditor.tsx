import { TextAreaField, type TextAreaFieldProps } from '@forum/ui';
import { Tabs } from '@forum/ui/Tabs';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { MentionLinkProps } from '../mention-link.js';
import { formatSelection, type FormatAction } from './format-selection.js';
import { FormatToolbar } from './FormatToolbar.js';
import '../rich-text.css';
import './editor.css';

/** The renderer is ~42 KB gzip: it loads on the first Preview, never with the editor. */
const Markdown = lazy(() => import('../Markdown.js').then((m) => ({ default: m.Markdown })));

export interface MarkdownEditorProps extends TextAreaFieldProps {
  /** Passed to the preview's `Markdown` (e.g. the app's router `Link` for u/ and c/). */
  renderMentionLink?: (props: MentionLinkProps) => ReactNode;
  /** The toolbar's accessible name; default "Formatting". */
  toolbarLabel?: string;
}

type Mode = 'write' | 'preview';
const MODES = [
  { key: 'write', label: 'Write' },
  { key: 'preview', label: 'Preview' },
] as const;

/** Shortcut keys (with Ctrl or Cmd) and what they do. */
const SHORTCUTS: Partial<Record<string, FormatAction>> = { b: 'bold', i: 'italic' };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * `TextAreaField` with a Markdown toolbar and Write / Preview tabs (EXTENSIONS §F2). Same props as
 * the field, so it works controlled (`value` + `onChange`) and with react-hook-form's
 * `register(...)`: the toolbar edits the textarea with `setRangeText` and fires a real `input`
 * event, which React's onChange and react-hook-form both see. The textarea stays mounted (hidden)
 * in Preview, so form state and validation keep working.
 */
export function MarkdownEditor({
  renderMentionLink,
  toolbarLabel = 'Formatting',
  testId,
  ref,
  onKeyDown,
  error,
  className,
  ...field
}: MarkdownEditorProps) {
  const prefix = testId ?? 'markdown-editor';
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const writeArea = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>('write');
  const [previewText, setPreviewText] = useState('');

  const setRefs = useCallback(
    (el: HTMLTextAreaElement | null) => {
      textarea.current = el;
      assignRef(ref, el);
    },
    [ref],
  );

  const changeMode = (next: Mode) => {
    // The preview shows the text as it is now: it cannot change while the textarea is hidden.
    if (next === 'preview') setPreviewText(textarea.current?.value ?? '');
    setMode(next);
  };

  // WAI-ARIA tabs: a panel is a tab stop only when it starts with nothing focusable. Write starts
  // with the toolbar (the panel would be a useless extra stop); a preview may have no links.
  useLayoutEffect(() => {
    const panel = writeArea.current?.parentElement;
    if (panel?.getAttribute('role') === 'tabpanel') panel.tabIndex = mode === 'write' ? -1 : 0;
  }, [mode]);

  // A validation error appears while previewing (e.g. on submit): show the field it is about.
  useEffect(() => {
    if (error && mode === 'preview') {
      setMode('write');
      requestAnimationFrame(() => textarea.current?.focus());
    }
  }, [error, mode]);

  const format = (action: FormatAction) => {
    const el = textarea.current;
    if (!el || el.readOnly || el.disabled) return;
    const edit = formatSelection(el.value, el.selectionStart, el.selectionEnd, action);
    el.focus();
    el.setRangeText(edit.insert, edit.start, edit.end, 'end');
    el.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    // React's onChange and react-hook-form's onChange both listen for this event.
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.shiftKey) return;
    if (!(event.ctrlKey || event.metaKey)) return;
    const action = SHORTCUTS[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    format(action);
  };

  return (
    <div className={className ? `rt-editor ${className}` : 'rt-editor'}>
      <Tabs
        tabs={MODES}
        value={mode}
        onChange={changeMode}
        label="Editor mode"
        testIdPrefix={`${prefix}-mode`}
        panelClassName="rt-editor__panel"
      >
        <div ref={writeArea} className="rt-editor__write" hidden={mode !== 'write'}>
          <FormatToolbar label={toolbarLabel} testId={prefix} onFormat={format} />
          <TextAreaField
            {...field}
            ref={setRefs}
            testId={testId}
            error={error}
            onKeyDown={handleKeyDown}
            className="rt-editor__field"
          />
        </div>
        {mode === 'preview' ? (
          <div className="rt-editor__preview" data-testid={`${prefix}-preview`}>
            {previewText.trim() === '' ? (
              <p className="rt-editor__empty">Nothing to preview</p>
            ) : (
              <Suspense fallback={<p className="rt-editor__empty">Loading preview…</p>}>
                <Markdown renderMentionLink={renderMentionLink}>{previewText}</Markdown>
              </Suspense>
            )}
          </div>
        ) : null}
      </Tabs>
    </div>
  );
}
