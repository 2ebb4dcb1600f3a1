import type { ReportedItem } from '@forum/contracts';
import type { ReportTarget } from './reports';
import { TEXTS } from '../texts';

const LABELS: Record<ReportTarget, string> = {
  post: TEXTS.typePost,
  comment: TEXTS.typeComment,
  message: TEXTS.typeMessage,
};

/** 'Post', 'Comment', 'Message': the Type column. */
export const typeLabel = (type: ReportTarget) => LABELS[type];
/** 'post', 'comment', 'message': inside sentences ('Remove this comment?'). */
export const typeName = (type: ReportTarget) => LABELS[type].toLowerCase();

const NAME_LENGTH = 60;

/** The item as buttons and dialogs name it: 'post “Buy pills now”' (long text cut with …). */
export function itemName(
  item: Pick<ReportedItem, 'target_type' | 'target_title' | 'target_excerpt'>,
): string {
  const text = (
    item.target_type === 'post' && item.target_title ? item.target_title : item.target_excerpt
  )
    .replace(/\s+/g, ' ')
    .trim();
  const cut = text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH - 1).trimEnd()}…` : text;
  return `${typeName(item.target_type)} “${cut}”`;
}
