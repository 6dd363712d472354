import { parse, type DefaultTreeAdapterMap } from 'parse5';

// Reads rendered HTML as a browser does (parse5), markup inside comments
// included (Outlook reads conditional comments), and judges it with rules written apart from
// the renderer's own (the WHATWG URL parser decides what an address's scheme is).

type Node = DefaultTreeAdapterMap['node'];

export interface ParsedElement {
  tag: string;
  attributes: [name: string, value: string][];
  /** Its own text, as the browser reads it (a style's or a script's whole content). */
  text: string;
  /** Inside a comment's markup. */
  commented: boolean;
}

export function parsedElements(html: string, commented = false): ParsedElement[] {
  const elements: ParsedElement[] = [];
  const stack: Node[] = [parse(html)];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('tagName' in node) {
      const text = node.childNodes.map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : '')).join('');
      elements.push({ tag: node.tagName, attributes: node.attrs.map((a) => [a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value]), text, commented });
    }
    if (node.nodeName === '#comment' && 'data' in node && node.data.includes('<')) elements.push(...parsedElements(node.data, true));
    const children: Node[] = 'childNodes' in node ? [...node.childNodes] : [];
    if (node.nodeName === 'template' && 'content' in node) children.push(node.content);
    stack.push(...children.reverse());
  }
  return elements;
}

const ADDRESS_ATTRIBUTES = new Set([
  'href', 'src', 'action', 'formaction', 'poster', 'background', 'cite', 'longdesc', 'usemap', 'data', 'codebase',
  'manifest', 'icon', 'lowsrc', 'dynsrc', 'xlink:href', 'srcset', 'imagesrcset', 'ping',
]);
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** An address that would lead anywhere but http(s), mailto, tel, the page itself or (for an image) an inline image. */
export function isScriptCapable(address: string, image: boolean): boolean {
  let url: URL;
  try {
    url = new URL(address, 'https://page.example/');
  } catch {
    return false; // an address a browser cannot parse leads nowhere
  }
  if (ALLOWED_PROTOCOLS.has(url.protocol)) return false;
  return !(image && url.protocol === 'data:' && /^image\/(?:png|jpeg|gif|webp)[;,]/i.test(url.pathname));
}

/** What follows each `url(` of a style, up to its closing quote, or else the first parenthesis: read once, in linear time. */
function cssUrls(style: string): string[] {
  return style.split(/url\(/i).slice(1).map((rest) => {
    const start = rest.trimStart();
    const quote = start[0] === '"' || start[0] === "'" ? start.indexOf(start[0], 1) : -1;
    if (quote > 0) return start.slice(1, quote);
    const end = start.search(/[()]/);
    return end === -1 ? start : start.slice(0, end);
  });
}

function attributeProblem(tag: string, name: string, value: string): string | undefined {
  if (name.startsWith('on')) return `event handler ${name}`;
  const image = tag === 'img' && (name === 'src' || name === 'srcset');
  const addresses = ADDRESS_ATTRIBUTES.has(name)
    ? name.endsWith('srcset') || name === 'ping' ? value.split(/[\s,]+/) : [value]
    : name === 'style' ? cssUrls(value) : [];
  if (name === 'style' && /expression\s*\(/i.test(value)) return 'CSS expression()';
  const unsafe = addresses.find((address) => isScriptCapable(address, image));
  return unsafe === undefined ? undefined : `${name}=${JSON.stringify(unsafe)}`;
}

// Elements no design and no sanitized HTML may produce, whatever the values.
const REFUSED = new Set(['iframe', 'object', 'embed', 'applet', 'frame', 'frameset', 'base', 'svg', 'math', 'template', 'portal', 'param']);

/** Every problem found in rendered HTML: script-capable addresses, event handlers, refused elements. */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  for (const element of parsedElements(html)) {
    if (REFUSED.has(element.tag)) problems.push(`<${element.tag}>`);
    if (element.tag === 'meta' && element.attributes.some(([name, value]) => name === 'http-equiv' && /refresh/i.test(value))) problems.push('<meta http-equiv=refresh>');
    for (const [name, value] of element.attributes) {
      const problem = attributeProblem(element.tag, name, value);
      if (problem) problems.push(`<${element.tag} ${problem}>`);
    }
  }
  return problems;
}

/** The elements and their attribute names, in order: what merge values must never change. */
export const htmlShape = (html: string) =>
  parsedElements(html).map((element) => `${element.commented ? '!' : ''}${element.tag}[${element.attributes.map(([name]) => name).sort().join(' ')}]`);
