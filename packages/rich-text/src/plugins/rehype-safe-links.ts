import type { Element, ElementContent, Root, RootContent } from 'hast';
import { LINK_REL, safeHref } from '../safe-url.js';

function link(href: string, children: ElementContent[], title: unknown): Element {
  const properties: Element['properties'] = { href, rel: LINK_REL.split(' ') };
  if (typeof title === 'string') properties.title = title;
  return { type: 'element', tagName: 'a', properties, children };
}

/**
 * Links to anything but http, https and mailto become their text; images never load: one with an
 * allowed URL becomes a link to it labelled with its alt text (or the URL), any other its alt text.
 */
function rewrite(node: RootContent): ElementContent[] {
  if (node.type !== 'element') return [node as ElementContent];
  const children = node.children.flatMap(rewrite);
  if (node.tagName === 'a') {
    const href = safeHref(node.properties.href);
    return href ? [link(href, children, node.properties.title)] : children;
  }
  if (node.tagName === 'img') {
    const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
    const src = safeHref(node.properties.src);
    if (!src) return alt ? [{ type: 'text', value: alt }] : [];
    return [link(src, [{ type: 'text', value: alt || src }], node.properties.title)];
  }
  return [{ ...node, children }];
}

export function rehypeSafeLinks() {
  return (tree: Root) => {
    tree.children = tree.children.flatMap((c) => (c.type === 'doctype' ? [] : rewrite(c)));
  };
}
