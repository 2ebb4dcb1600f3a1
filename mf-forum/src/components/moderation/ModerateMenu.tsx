import { useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { errorMessage, useSession } from '@forum/sdk';
import type { Comment, Post } from '@forum/contracts';
import { cx } from '@forum/ui';
import { useBanUser } from '../../hooks/useBanUser';
import { useCommentModeration } from '../../hooks/useCommentModeration';
import { usePostModeration } from '../../hooks/usePostModeration';
import { stripMarkup } from '../../lib/display';
import { useToast } from '../Toast';
import { ReasonDialog, type ReasonDialogProps, type ReasonValues } from './ReasonDialog';
import { MODERATION_TEXTS } from '../../moderationTexts';
import './menu.css';

type DialogText = Pick<
  ReasonDialogProps,
  'title' | 'description' | 'reasonRequired' | 'withDays' | 'confirmLabel' | 'danger'
>;

/** One entry of the menu: what it calls, what it asks first, what it tells on success. */
interface MenuAction {
  /** The item's data-testid is `moderate-{key}`. */
  key: string;
  label: string;
  danger?: boolean;
  /** The reason dialog it opens first; without one (pin, unpin) it runs at once. */
  dialog?: DialogText;
  run: (values: ReasonValues) => Promise<unknown>;
  done: string;
}

/**
 * The Moderate menu (a Radix dropdown) and the reason dialog of the chosen action. The dialog
 * opens once the menu has closed and handed focus back, and returns it to the trigger. Server
 * refusals show their text: in the dialog (which stays open), or as a toast for pin and unpin.
 */
function ModerateMenu({
  label,
  actions,
  testId,
}: {
  label: string;
  actions: MenuAction[];
  testId: string;
}) {
  const toast = useToast();
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const chosen = useRef<MenuAction | null>(null);
  const [active, setActive] = useState<MenuAction | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const execute = async (action: MenuAction, values: ReasonValues) => {
    setPending(true);
    setError(null);
    try {
      await action.run(values);
      setOpen(false);
      toast(action.done, 'success');
    } catch (err) {
      const text = errorMessage(err, MODERATION_TEXTS.moderationFailed);
      if (action.dialog) setError(text);
      else toast(text);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            ref={triggerRef}
            type="button"
            className="forum-action"
            aria-label={label}
            // Busy rather than disabled: a disabled button would drop the keyboard focus.
            aria-busy={pending || undefined}
            data-testid={`${testId}-moderate`}
          >
            {MODERATION_TEXTS.moderate}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="forum-menu"
            align="end"
            sideOffset={4}
            aria-label={label}
            data-testid="moderate-menu"
            onCloseAutoFocus={(event) => {
              const next = chosen.current;
              if (!next) return;
              chosen.current = null;
              event.preventDefault();
              setError(null);
              setActive(next);
              setOpen(true);
            }}
          >
            {actions.map((action) => (
              <DropdownMenu.Item
                key={action.key}
                className={cx('forum-menu__item', action.danger && 'forum-menu__item--danger')}
                onSelect={() => {
                  if (pending) return;
                  if (action.dialog) chosen.current = action;
                  else void execute(action, { reason: undefined, days: undefined });
                }}
                data-testid={`moderate-${action.key}`}
              >
                {action.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {active?.dialog ? (
        <ReasonDialog
          {...active.dialog}
          open={open}
          onOpenChange={setOpen}
          pending={pending}
          error={error}
          onConfirm={(values) => void execute(active, values)}
          returnFocusRef={triggerRef}
          testId="moderate-dialog"
        />
      ) : null}
    </>
  );
}

/** "Ban author" (EXTENSIONS §M2): a reason and optional days; not offered on one's own items. */
function useBanAction(
  communityId: string,
  communityName: string,
  author: { id: string | null; username: string },
): MenuAction[] {
  const me = useSession().user;
  const ban = useBanUser(communityId);
  if (!author.id || author.id === me?.id) return [];
  return [
    {
      key: 'ban',
      label: MODERATION_TEXTS.modBanAuthor,
      danger: true,
      dialog: {
        title: `Ban u/${author.username} from c/${communityName}?`,
        description: MODERATION_TEXTS.banAuthorText,
        reasonRequired: true,
        withDays: true,
        confirmLabel: MODERATION_TEXTS.modBanAuthor,
        danger: true,
      },
      run: ({ reason, days }) =>
        ban.mutateAsync({ username: author.username, reason: reason ?? '', days }),
      done: MODERATION_TEXTS.userBanned,
    },
  ];
}

/** Remove/Restore, Lock/Unlock, Pin/Unpin and Ban author on a post's page. */
export function PostModerateMenu({ post }: { post: Post }) {
  const moderation = usePostModeration(post);
  const banAction = useBanAction(post.community_id, post.community_name, {
    id: post.author_id,
    username: post.author_username,
  });
  const run = (verb: Parameters<typeof moderation.mutateAsync>[0]['verb']) => (v: ReasonValues) =>
    moderation.mutateAsync({ verb, reason: v.reason });
  const actions: MenuAction[] = [
    post.removed
      ? {
          key: 'restore',
          label: MODERATION_TEXTS.modRestore,
          dialog: {
            title: MODERATION_TEXTS.restorePostTitle,
            description: MODERATION_TEXTS.restoreText,
            reasonRequired: false,
            confirmLabel: MODERATION_TEXTS.modRestore,
          },
          run: run('restore'),
          done: MODERATION_TEXTS.postRestored,
        }
      : {
          key: 'remove',
          label: MODERATION_TEXTS.modRemove,
          danger: true,
          dialog: {
            title: MODERATION_TEXTS.removePostTitle,
            description: MODERATION_TEXTS.removePostText,
            reasonRequired: true,
            confirmLabel: MODERATION_TEXTS.modRemove,
            danger: true,
          },
          run: run('remove'),
          done: MODERATION_TEXTS.postRemoved,
        },
    post.locked
      ? {
          key: 'unlock',
          label: MODERATION_TEXTS.modUnlock,
          dialog: {
            title: MODERATION_TEXTS.unlockPostTitle,
            description: MODERATION_TEXTS.unlockPostText,
            reasonRequired: false,
            confirmLabel: MODERATION_TEXTS.modUnlock,
          },
          run: run('unlock'),
          done: MODERATION_TEXTS.postUnlocked,
        }
      : {
          key: 'lock',
          label: MODERATION_TEXTS.modLock,
          dialog: {
            title: MODERATION_TEXTS.lockPostTitle,
            description: MODERATION_TEXTS.lockPostText,
            reasonRequired: false,
            confirmLabel: MODERATION_TEXTS.modLock,
          },
          run: run('lock'),
          done: MODERATION_TEXTS.postLockedToast,
        },
    post.pinned
      ? {
          key: 'unpin',
          label: MODERATION_TEXTS.modUnpin,
          run: run('unpin'),
          done: MODERATION_TEXTS.postUnpinned,
        }
      : {
          key: 'pin',
          label: MODERATION_TEXTS.modPin,
          run: run('pin'),
          done: MODERATION_TEXTS.postPinned,
        },
    ...banAction,
  ];
  return (
    <ModerateMenu
      label={`Moderate post: ${stripMarkup(post.title)}`}
      actions={actions}
      testId="post"
    />
  );
}

/** Remove/Restore and Ban author on a comment (not on a deleted one: it has no author left). */
export function CommentModerateMenu({ post, comment }: { post: Post; comment: Comment }) {
  const moderation = useCommentModeration(post.id, post.community_id, comment);
  const banAction = useBanAction(post.community_id, post.community_name, {
    id: comment.author_id,
    username: comment.author_username,
  });
  const actions: MenuAction[] = [
    comment.removed
      ? {
          key: 'restore',
          label: MODERATION_TEXTS.modRestore,
          dialog: {
            title: MODERATION_TEXTS.restoreCommentTitle,
            description: MODERATION_TEXTS.restoreText,
            reasonRequired: false,
            confirmLabel: MODERATION_TEXTS.modRestore,
          },
          run: ({ reason }) => moderation.mutateAsync({ verb: 'restore', reason }),
          done: MODERATION_TEXTS.commentRestored,
        }
      : {
          key: 'remove',
          label: MODERATION_TEXTS.modRemove,
          danger: true,
          dialog: {
            title: MODERATION_TEXTS.removeCommentTitle,
            description: MODERATION_TEXTS.removeCommentText,
            reasonRequired: true,
            confirmLabel: MODERATION_TEXTS.modRemove,
            danger: true,
          },
          run: ({ reason }) => moderation.mutateAsync({ verb: 'remove', reason }),
          done: MODERATION_TEXTS.commentRemoved,
        },
    ...banAction,
  ];
  return (
    <ModerateMenu
      label={`Moderate comment by u/${comment.author_username}`}
      actions={actions}
      testId="comment"
    />
  );
}
