import { Types } from 'mongoose';
import type { Viewer } from '../policies/moderation-policy.js';

/** A stored document as a query with `fields` as its projection returns it (those and _id). */
export function projectedTo<T extends object>(fields: Record<string, unknown>, doc: T): T {
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => key === '_id' || key in fields),
  ) as T;
}

/**
 * One reader of each kind a presenter tells apart (EXTENSIONS §M4): a visitor, the author, a
 * moderator of the community, the admin.
 */
export function everyKindOfReader(author: Types.ObjectId, community: Types.ObjectId): Viewer[] {
  return [
    { userId: null, isAdmin: false, moderates: new Set() },
    { userId: author.toHexString(), isAdmin: false, moderates: new Set() },
    {
      userId: new Types.ObjectId().toHexString(),
      isAdmin: false,
      moderates: new Set([community.toHexString()]),
    },
    { userId: new Types.ObjectId().toHexString(), isAdmin: true, moderates: new Set() },
  ];
}
