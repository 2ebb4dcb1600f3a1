/** `@forum/rich-text/editor`: the Markdown editor (the renderer it previews with loads lazily). */
export { MarkdownEditor, type MarkdownEditorProps } from './MarkdownEditor.js';
export {
  formatSelection,
  applyEdit,
  type FormatAction,
  type TextEdit,
} from './format-selection.js';
