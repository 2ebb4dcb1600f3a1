import { useEffect, useId, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { COMMUNITY_BUILDER_REFERRALS } from '@forum/contracts';
import { queryKeys, useApi } from '@forum/sdk';
import type { SessionUser } from '@forum/sdk';
import { Button, Spinner } from '@forum/ui';
import { CloseIcon } from '../header/icons';
import { closeInvite, takeInviteOpener } from './inviteStore';
import { TEXTS } from '../texts';

/** Spec §9: the copy confirmation lasts 2 s. */
export const COPY_CONFIRMATION_MS = 2_000;

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: select the field and use the legacy command.
    if (!input) return false;
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * While the dialog is open the page behind it is inert (not focusable, hidden from assistive
 * technology); Radix's aria-hidden alone leaves focusable elements under aria-hidden.
 */
function setPageInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
}

export default function InviteModal({ open, user }: { open: boolean; user: SessionUser }) {
  const api = useApi();
  const linkId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => () => setPageInert(false), []);

  const code = useQuery({
    queryKey: queryKeys.auth.referralCode(user.id),
    queryFn: ({ signal }) => api.call('GET /api/auth/referral-code', {}, { signal }),
    enabled: open,
    staleTime: Infinity,
  });
  const stats = useQuery({
    queryKey: queryKeys.auth.referralStats(user.id),
    queryFn: ({ signal }) => api.call('GET /api/auth/referral-stats', {}, { signal }),
    enabled: open,
    staleTime: 0,
  });

  const link = code.data ? `${window.location.origin}/register#${code.data.referral_code}` : '';
  const joined = stats.data?.completed_referrals ?? 0;
  const remaining = Math.max(0, COMMUNITY_BUILDER_REFERRALS - joined);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onCopy = async () => {
    if (!link) return;
    if (await copyText(link, inputRef.current)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    }
  };

  const onShare = async () => {
    if (!link) return;
    try {
      await navigator.share({
        title: TEXTS.shareTitle,
        text: TEXTS.shareText,
        url: link,
      });
    } catch {
      // Cancelled by the user, or not allowed: nothing to do.
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (o) return;
        setPageInert(false);
        closeInvite();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="shell-dialog__overlay" />
        <Dialog.Content
          className="shell-dialog"
          data-testid="invite-modal"
          // After Radix noted where focus was (the opener gets it back on close).
          onOpenAutoFocus={() => setPageInert(true)}
          onCloseAutoFocus={(e) => {
            setPageInert(false);
            const el = takeInviteOpener();
            if (el) {
              e.preventDefault();
              el.focus();
            }
          }}
        >
          <div className="shell-dialog__header">
            <Dialog.Title className="shell-dialog__title">{TEXTS.inviteFriends}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="shell-icon-button"
                aria-label="Close"
                data-testid="invite-close"
              >
                <CloseIcon />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="shell-dialog__text">{TEXTS.inviteText}</Dialog.Description>

          {code.isError ? (
            <div className="shell-dialog__error" role="alert" data-testid="invite-error">
              <p>{TEXTS.referralLinkFailed}</p>
              <Button variant="secondary" size="sm" onClick={() => void code.refetch()}>
                {TEXTS.tryAgain}
              </Button>
            </div>
          ) : code.isPending ? (
            <Spinner block label="Loading your referral link" data-testid="invite-loading" />
          ) : (
            <>
              <label className="ui-field__label" htmlFor={linkId}>
                {TEXTS.yourReferralLink}
              </label>
              <div className="shell-invite__row">
                <input
                  id={linkId}
                  ref={inputRef}
                  className="ui-input shell-invite__link"
                  value={link}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="invite-link"
                />
                <Button onClick={() => void onCopy()} data-testid="invite-copy">
                  {copied ? TEXTS.linkCopied : TEXTS.copy}
                </Button>
              </div>
              <p className="ui-sr-only" role="status">
                {copied ? TEXTS.linkCopied : ''}
              </p>
              {canShare ? (
                <Button
                  variant="secondary"
                  className="shell-invite__share"
                  onClick={() => void onShare()}
                  data-testid="invite-share"
                >
                  {TEXTS.shareLink}
                </Button>
              ) : null}
            </>
          )}

          <div className="shell-invite__stats" data-testid="invite-stats">
            <p className="shell-invite__stat">
              <strong className="shell-invite__count" data-testid="invite-friends-joined">
                {stats.isPending ? '…' : joined}
              </strong>{' '}
              {joined === 1 ? TEXTS.friendJoined : TEXTS.friendsJoined}
            </p>
            <p className="shell-invite__stat" data-testid="invite-more-needed">
              {stats.isPending
                ? TEXTS.loadingProgress
                : remaining > 0
                  ? TEXTS.moreFriendsNeeded(remaining)
                  : TEXTS.badgeEarned}
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
