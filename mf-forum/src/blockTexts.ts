import { BlockTexts } from '@forum/contracts';

/** Blocking (EXTENSIONS §B1) as the forum shows it. */
export const BLOCK_TEXTS = {
  block: 'Block',
  unblock: 'Unblock',
  confirm: (username: string) =>
    `Block u/${username}? Their posts leave your lists, their comments fold away and they can no longer message you. They are not told.`,
  blocked: (username: string) => `u/${username} is blocked`,
  unblocked: (username: string) => `u/${username} is unblocked`,
  blockedComment: BlockTexts.blockedComment,
  failed: 'Could not change the block. Please try again.',
  showComment: 'Show',
  hideComment: 'Hide',
} as const;
