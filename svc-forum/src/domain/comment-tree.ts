import type { Types } from 'mongoose';

interface TreeInput {
  _id: Types.ObjectId;
  parent_id: Types.ObjectId | null;
}

export type TreeNode<T> = T & { replies: TreeNode<T>[] };

/**
 * Nest `descendants` (any order, e.g. one query over the page's threads; `tops` among them are
 * skipped) under `tops` (kept in their order); each level's replies are sorted with `compare`. A
 * descendant whose parent is not in the set is dropped, so a wider query than needed is
 * harmless. The nodes are the given documents themselves, given `replies` (lean reads the
 * caller owns): no copy per comment.
 */
export function buildCommentTree<T extends TreeInput>(
  tops: T[],
  descendants: T[],
  compare: (a: T, b: T) => number,
): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  const asNode = (c: T): TreeNode<T> => {
    const node = c as TreeNode<T>;
    node.replies = [];
    return node;
  };
  const roots = tops.map((c) => {
    const node = asNode(c);
    nodes.set(c._id.toHexString(), node);
    return node;
  });
  const children: TreeNode<T>[] = [];
  for (const c of descendants) {
    const id = c._id.toHexString();
    if (nodes.has(id)) continue;
    const node = asNode(c);
    nodes.set(id, node);
    children.push(node);
  }
  for (const node of children) {
    const parent = node.parent_id ? nodes.get(node.parent_id.toHexString()) : undefined;
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
