import type { Types } from 'mongoose';

interface TreeInput {
  _id: Types.ObjectId;
  parent_id: Types.ObjectId | null;
}

export type TreeNode<T> = T & { replies: TreeNode<T>[] };

/**
 * Nest `descendants` (any order, e.g. one query over the page's threads) under `tops` (kept in
 * their order); each level's replies are sorted with `compare`. A descendant whose parent is
 * not in the set is dropped, so a wider query than needed is harmless.
 */
export function buildCommentTree<T extends TreeInput>(
  tops: T[],
  descendants: T[],
  compare: (a: T, b: T) => number,
): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  const roots = tops.map((c) => {
    const node: TreeNode<T> = { ...c, replies: [] };
    nodes.set(c._id.toHexString(), node);
    return node;
  });
  for (const c of descendants) {
    const id = c._id.toHexString();
    if (!nodes.has(id)) nodes.set(id, { ...c, replies: [] });
  }
  for (const c of descendants) {
    const node = nodes.get(c._id.toHexString())!;
    const parent = c.parent_id ? nodes.get(c.parent_id.toHexString()) : undefined;
    if (parent && parent !== node) parent.replies.push(node);
  }
  const sortDeep = (list: TreeNode<T>[]) => {
    for (const node of list) {
      node.replies.sort(compare);
      sortDeep(node.replies);
    }
  };
  sortDeep(roots);
  return roots;
}
