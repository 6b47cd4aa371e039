import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export const MAX_TITLE_LENGTH = 200;
const MAX_ICON_URL_LENGTH = 2048;

export interface SiteMetadata {
  title: string | null;
  faviconUrl: string | null;
}

/**
 * The title and icon of an HTML page, as plain text: parse5 decodes entities, stray markup in the title
 * is dropped, and only an http(s) icon URL is kept, else the site's `/favicon.ico`.
 */
export function extractSiteMetadata(html: string, pageUrl: URL): SiteMetadata {
  const elements = [...elementsOf(parse(html))];
  const titleElement = elements.find((element) => element.tagName === 'title');
  return {
    title: titleElement ? cleanTitle(textOf(titleElement)) : null,
    faviconUrl: iconUrlOf(elements, pageUrl) ?? fallbackFaviconUrl(pageUrl),
  };
}

export function fallbackFaviconUrl(pageUrl: URL): string {
  return new URL('/favicon.ico', pageUrl).toString();
}

function* elementsOf(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) {
    for (const child of node.childNodes) yield* elementsOf(child);
  }
  // <template> keeps its children in a separate fragment; nothing there is the page's title or icon.
}

function textOf(element: Element): string {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

function cleanTitle(raw: string): string | null {
  const title = raw
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title ? [...title].slice(0, MAX_TITLE_LENGTH).join('') : null;
}

/** `rel="icon"` (also `shortcut icon`) first, then `apple-touch-icon`. */
function iconUrlOf(elements: Element[], pageUrl: URL): string | undefined {
  const links = elements.filter((element) => element.tagName === 'link');
  const relTokens = (link: Element) => attributeOf(link, 'rel')?.toLowerCase().split(/\s+/) ?? [];
  const candidates = [
    ...links.filter((link) => relTokens(link).includes('icon')),
    ...links.filter((link) => relTokens(link).includes('apple-touch-icon')),
  ];
  for (const link of candidates) {
    const href = attributeOf(link, 'href')?.trim();
    if (!href) continue;
    const url = URL.parse(href, pageUrl);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= MAX_ICON_URL_LENGTH) {
      return url.href;
    }
  }
  return undefined;
}

function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}
