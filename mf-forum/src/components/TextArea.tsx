import { TextAreaField as UiTextAreaField } from '@forum/ui';
import type { TextAreaFieldProps as UiTextAreaFieldProps } from '@forum/ui';

export type TextAreaFieldProps = Omit<UiTextAreaFieldProps, 'controlClassName'>;

/** @forum/ui's TextAreaField with the forum's textarea styling. */
export function TextAreaField(props: TextAreaFieldProps) {
  return <UiTextAreaField {...props} controlClassName="forum-textarea" />;
}
