import type { Parent, PhrasingContent } from 'mdast';

/** `>!text!<`: rendered as a span marked data-spoiler (see Markdown.tsx). */
export interface Spoiler extends Parent {
  type: 'spoiler';
  children: PhrasingContent[];
}

/** `u/name` or `c/name`: rendered as a span marked data-mention (see Markdown.tsx). */
export interface Mention extends Parent {
  type: 'mention';
  kind: 'u' | 'c';
  name: string;
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    spoiler: Spoiler;
    mention: Mention;
  }
  interface RootContentMap {
    spoiler: Spoiler;
    mention: Mention;
  }
}
