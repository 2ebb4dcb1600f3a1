import { lazy } from 'react';

// The Moderate menus (Radix dropdown and the reason dialog) load only for those who moderate.
export const PostModerateMenu = lazy(() =>
  import('./ModerateMenu').then((m) => ({ default: m.PostModerateMenu })),
);
export const CommentModerateMenu = lazy(() =>
  import('./ModerateMenu').then((m) => ({ default: m.CommentModerateMenu })),
);
