import { useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage, useSession } from '@forum/sdk';
import { Alert, Button, Card, Spinner, TextField, buttonClassName, cx } from '@forum/ui';
import { MarkdownEditor } from '@forum/rich-text/editor';
import { renderMentionLink } from '../components/MessageText';
import { useStartConversation } from '../hooks/useStartConversation';
import { SignedOut } from '../components/SignedOut';
import { TEXTS } from '../texts';

type FieldName = 'to' | 'subject' | 'content';

/** A leading u/ is part of the prefix shown before the field, not of the name. */
const cleanRecipient = (value: string) => value.trim().replace(/^u\//i, '').trim();

/** /inbox/new: start a conversation (spec §2 "New message", §5 rules). */
export default function NewMessagePage() {
  const { status } = useSession();
  if (status === 'loading') return <Spinner block label="Loading" data-testid="inbox-loading" />;
  if (status === 'signed-out') {
    return <SignedOut title={TEXTS.signedOutNewTitle} text={TEXTS.signedOutNewText} />;
  }
  return <NewMessageForm />;
}

function NewMessageForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartConversation();
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    to: cleanRecipient(params.get('to') ?? ''),
    subject: '',
    content: '',
  }));
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({
    to: false,
    subject: false,
    content: false,
  });
  const [attempted, setAttempted] = useState(false);
  const messageId = useId();
  const hintId = useId();
  const requiredId = useId();

  const trimmed = {
    recipientUsername: cleanRecipient(values.to),
    subject: values.subject.trim(),
    content: values.content.trim(),
  };
  const blank: Record<FieldName, boolean> = {
    to: trimmed.recipientUsername === '',
    subject: trimmed.subject === '',
    content: trimmed.content === '',
  };
  const anyBlank = blank.to || blank.subject || blank.content;
  const showRequired =
    anyBlank &&
    (attempted || (Object.keys(blank) as FieldName[]).some((f) => touched[f] && blank[f]));
  const invalid = (f: FieldName) => (attempted || touched[f]) && blank[f];

  const [dirty, setDirty] = useState<Record<FieldName, boolean>>({
    to: false,
    subject: false,
    content: false,
  });

  const set = (f: FieldName) => (value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setDirty((d) => (d[f] ? d : { ...d, [f]: true }));
    if (start.isError) start.reset();
  };
  // A field counts as touched once it was edited and left (tabbing through says nothing yet).
  const touch = (f: FieldName) => () => {
    if (dirty[f]) setTouched((t) => (t[f] ? t : { ...t, [f]: true }));
  };

  const submit = () => {
    setAttempted(true);
    if (anyBlank || start.isPending) return;
    start.mutate(trimmed, {
      // The reply box takes the focus there (keyboard users continue where they typed).
      onSuccess: (res) =>
        navigate(`/inbox/${encodeURIComponent(res.id)}`, { state: { focusReply: true } }),
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  // Implicit submission does nothing while the button is disabled: say why instead.
  const onFieldEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && anyBlank) setAttempted(true);
  };

  const describedBy = (f: FieldName, hint?: string) =>
    [hint, invalid(f) ? requiredId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card className="inbox-page inbox-new" data-testid="inbox-new-page">
      <h1 className="inbox-page__title">{TEXTS.newMessage}</h1>
      <p className="inbox-new__subtitle">{TEXTS.newSubtitle}</p>
      <form
        className="inbox-new__form"
        onSubmit={onSubmit}
        noValidate
        data-testid="new-message-form"
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${hintId}-to`}>
            {TEXTS.to}
          </label>
          <div className={cx('inbox-prefixed', invalid('to') && 'inbox-prefixed--invalid')}>
            <span className="inbox-prefixed__prefix" aria-hidden="true">
              u/
            </span>
            <input
              id={`${hintId}-to`}
              className="ui-input inbox-prefixed__input"
              placeholder={TEXTS.toPlaceholder}
              value={values.to}
              onChange={(e) => set('to')(e.target.value)}
              onBlur={touch('to')}
              onKeyDown={onFieldEnter}
              required
              aria-required="true"
              aria-invalid={invalid('to') || undefined}
              aria-describedby={describedBy('to', `${hintId}-to-hint`)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus={!values.to}
              data-testid="new-message-to"
            />
          </div>
          <p id={`${hintId}-to-hint`} className="ui-field__hint">
            {TEXTS.toHint}
          </p>
        </div>
        <TextField
          label={TEXTS.subject}
          placeholder={TEXTS.subjectPlaceholder}
          value={values.subject}
          onChange={(e) => set('subject')(e.target.value)}
          onBlur={touch('subject')}
          onKeyDown={onFieldEnter}
          required
          aria-required="true"
          aria-invalid={invalid('subject') || undefined}
          autoFocus={Boolean(values.to)}
          testId="new-message-subject"
        />
        {/* The hint is ours, not the field's: its describedby also names the shared required note. */}
        <div className="ui-field">
          <MarkdownEditor
            label={TEXTS.message}
            controlClassName={cx('inbox-new__content', invalid('content') && 'ui-input--invalid')}
            renderMentionLink={renderMentionLink}
            rows={6}
            placeholder={TEXTS.messagePlaceholder}
            value={values.content}
            onChange={(e) => set('content')(e.target.value)}
            onBlur={touch('content')}
            required
            aria-required="true"
            aria-invalid={invalid('content') || undefined}
            aria-describedby={describedBy('content', `${messageId}-hint`)}
            testId="new-message-content"
          />
          <p id={`${messageId}-hint`} className="ui-field__hint">
            {TEXTS.messageHint}
          </p>
        </div>
        <div aria-live="polite">
          {showRequired ? (
            <p id={requiredId} className="ui-field__error" data-testid="new-message-required">
              {TEXTS.allFieldsRequired}
            </p>
          ) : null}
        </div>
        {start.isError ? (
          <Alert variant="error" data-testid="new-message-error">
            {errorMessage(start.error, TEXTS.failedStart)}
          </Alert>
        ) : null}
        <div className="inbox-new__actions">
          <Link
            to="/inbox"
            className={buttonClassName('secondary')}
            data-testid="new-message-cancel"
          >
            {TEXTS.cancel}
          </Link>
          <Button
            type="submit"
            disabled={anyBlank || start.isPending}
            aria-busy={start.isPending || undefined}
            data-testid="new-message-submit"
          >
            {start.isPending ? TEXTS.sending : TEXTS.send}
          </Button>
        </div>
      </form>
    </Card>
  );
}
