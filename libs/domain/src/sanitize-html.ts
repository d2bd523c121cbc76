/**
 * A small allow-list HTML sanitizer for chair-written HTML shown to other users (the publishing agreement,
 * the programme table). Pure string processing, so the API and both apps share it.
 *
 * - Only the tags of ALLOWED_TAGS survive, with only their allowed attributes; other tags are removed and
 *   their text kept.
 * - script, style, iframe, object, embed, form (and the like) are removed with everything inside them.
 * - Comments, doctypes and processing instructions are removed.
 * - Links and image sources keep only http(s), mailto, tel and relative URLs (no javascript:, data:, …).
 * - Text is re-escaped, attribute values are re-quoted, and open tags are closed at the end, so the output
 *   is well-formed and cannot start a tag or an attribute the sanitizer did not write.
 */

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'wbr']);

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir', 'align'];

/** tag → attributes allowed on it (besides GLOBAL_ATTRIBUTES). */
export const ALLOWED_TAGS: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  strike: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  big: [],
  mark: [],
  abbr: [],
  cite: [],
  q: [],
  code: [],
  pre: [],
  kbd: [],
  blockquote: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  table: ['border', 'cellpadding', 'cellspacing', 'width'],
  caption: [],
  colgroup: ['span'],
  col: ['span', 'width'],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope', 'width'],
  td: ['colspan', 'rowspan', 'width'],
  font: ['color', 'size'],
  center: [],
  wbr: [],
};

/** Removed together with their content. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'audio',
  'video',
  'canvas',
]);

/** Elements whose content the browser reads as raw text: skipped to their closing tag as a whole. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
]);

const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes the entities that matter for URL checks (numeric ones and a few named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code < 0 || code > 0x10ffff) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named ?? whole;
  });
}

const escapeText = (text: string): string =>
  text
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A URL is kept when it is relative or uses http(s), mailto or tel (checked after decoding entities). */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme) return true;
  return SAFE_SCHEMES.has(scheme[1]!.toLowerCase() + ':');
}

const ATTRIBUTE_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function sanitizeAttributes(tag: string, source: string): string {
  const allowed = ALLOWED_TAGS[tag]!;
  const out: string[] = [];
  const seen = new Set<string>();
  let target: string | undefined;
  for (const m of source.matchAll(ATTRIBUTE_RE)) {
    const name = m[1]!.toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    if (!allowed.includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    if (name === 'target') {
      if (value !== '_blank' && value !== '_self') continue;
      target = value;
    }
    if (name === 'rel') continue; // written below
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'a' && target === '_blank') out.push('rel="noopener noreferrer"');
  return out.length ? ' ' + out.join(' ') : '';
}

interface Tag {
  closing: boolean;
  name: string;
  attributes: string;
  selfClosing: boolean;
  /** Index just past the closing '>'. */
  end: number;
}

const NAME_CHAR = /[a-zA-Z0-9-]/;

/**
 * Reads the tag starting at html[start] === '<' in one pass. A quote opens a quoted value up to the same
 * quote; the tag ends at the first '>' outside quotes. Returns 'eof' when the input ends inside the tag
 * (browsers drop such a tag), null when '<' does not start a tag (it is then text).
 */
function readTag(html: string, start: number): Tag | 'eof' | null {
  let j = start + 1;
  const closing = html[j] === '/';
  if (closing) j++;
  if (!/[a-zA-Z]/.test(html[j] ?? '')) return null;
  const nameStart = j;
  while (j < html.length && NAME_CHAR.test(html[j]!)) j++;
  const name = html.slice(nameStart, j).toLowerCase();
  const attrStart = j;
  let quote = '';
  for (; j < html.length; j++) {
    const c = html[j]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') {
      const attributes = html.slice(attrStart, j);
      return { closing, name, attributes, selfClosing: /\/\s*$/.test(attributes), end: j + 1 };
    }
  }
  return 'eof';
}

/** Returns safe HTML; see the file comment for what is kept. */
export function sanitizeHtml(input: string): string {
  const html = input ?? '';
  let out = '';
  const open: string[] = [];
  let i = 0;
  // While > 0, everything is dropped up to the matching close of dropTag.
  let dropTag = '';
  let dropDepth = 0;

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      if (!dropDepth) out += escapeText(html.slice(i));
      break;
    }
    if (lt > i && !dropDepth) out += escapeText(html.slice(i, lt));
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (tag === 'eof') break;
    if (!tag) {
      // A lone '<' is text.
      if (!dropDepth) out += '&lt;';
      i += 1;
      continue;
    }
    i = tag.end;
    const { closing, name, attributes, selfClosing } = tag;

    if (dropDepth) {
      if (name === dropTag) dropDepth += closing ? -1 : selfClosing ? 0 : 1;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (closing || selfClosing || name === 'embed') continue;
      if (RAW_TEXT.has(name)) {
        const close = new RegExp(`</${name}[\\s/>]`, 'gi');
        close.lastIndex = i;
        const found = close.exec(html);
        if (!found) break;
        const gt = html.indexOf('>', found.index);
        i = gt === -1 ? html.length : gt + 1;
      } else {
        dropTag = name;
        dropDepth = 1;
      }
      continue;
    }
    if (!Object.hasOwn(ALLOWED_TAGS, name)) continue;
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}${sanitizeAttributes(name, attributes)}>`;
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${name}${sanitizeAttributes(name, attributes)}>`;
    if (selfClosing) out += `</${name}>`;
    else open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
