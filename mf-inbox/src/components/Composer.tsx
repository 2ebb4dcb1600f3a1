import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@forum/ui';
import { isApiError } from '@forum/sdk';
import { MarkdownEditor } from '@forum/rich-text/editor';
import { renderMentionLink } from './MessageText';
import { useSendMessage } from '../hooks/useSendMessage';
import { TEXTS } from '../texts';

/**
 * A failed reply says 'Failed to send message' (spec §8), except a refusal the writer can act on:
 * the recipient blocked them (403 'You cannot message this user', EXTENSIONS §B1).
 */
function sendErrorText(err: unknown): string {
  if (isApiError(err) && err.status === 403 && err.serverMessage) return err.serverMessage;
  return TEXTS.failedSend;
}

/**
 * The reply box: Markdown with a toolbar and Preview (EXTENSIONS §F2); Enter sends, Shift+Enter
 * adds a line break (spec §2, §4 send-message states).
 */
export function Composer({
  conversationId,
  onSent,
}: {
  conversationId: string;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const state: unknown = useLocation().state;
  const focusReply =
    typeof state === 'object' && state !== null && 'focusReply' in state && !!state.focusReply;
  const errorId = useId();
  // Bumped on each sent message: a fresh editor (back on Write), which then takes the focus.
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (sent > 0) inputRef.current?.focus();
  }, [sent]);
  const blank = text.trim() === '';
  const disabled = blank || send.isPending;

  const submit = () => {
    if (disabled) return;
    const content = text.trim();
    send.mutate(content, {
      onSuccess: () => {
        setText('');
        setSent((n) => n + 1);
        onSent();
      },
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <form className="inbox-composer" onSubmit={onSubmit} data-testid="composer">
      {send.isError ? (
        <Alert variant="error" className="inbox-composer__error" data-testid="send-error">
          <span id={errorId}>{sendErrorText(send.error)}</span>
        </Alert>
      ) : null}
      <div className="inbox-composer__row">
        <MarkdownEditor
          key={sent}
          label={<span className="ui-sr-only">{TEXTS.reply}</span>}
          ref={inputRef}
          className="inbox-composer__editor"
          controlClassName="inbox-composer__input"
          renderMentionLink={renderMentionLink}
          rows={2}
          autoFocus={focusReply}
          placeholder={TEXTS.typeMessage}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={send.isError ? errorId : undefined}
          testId="message-input"
        />
        <button
          type="submit"
          className="ui-button ui-button--primary inbox-composer__send"
          disabled={disabled}
          aria-label={TEXTS.sendMessage}
          aria-busy={send.isPending || undefined}
          data-testid="send-button"
        >
          <SendIcon />
        </button>
      </div>
    </form>
  );
}

function SendIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M2.01 21 23 12 2.01 3 2 10l15 2-15 2z" />
    </svg>
  );
}
