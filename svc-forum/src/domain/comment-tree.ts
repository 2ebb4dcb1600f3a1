/** A comment with the replies a page nests under it (use-cases/shared/load-nested-replies.ts). */
export type TreeNode<T> = T & { replies: TreeNode<T>[] };
