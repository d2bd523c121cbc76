import sanitize from 'sanitize-html';

/**
 * The allow-list sanitizer for chair-written HTML shown to other users as trusted HTML (the publishing
 * agreement, the programme table), built on sanitize-html. Run on save; the apps render the stored HTML.
 *
 * - Only the tags of ALLOWED_TAGS survive, with only their allowed attributes (plus GLOBAL_ATTRIBUTES);
 *   other tags are removed and their text kept. style and on* attributes are never allowed.
 * - DROPPED_WITH_CONTENT (script, style, iframe, object, embed, form, svg, math, …) are removed with
 *   everything inside them.
 * - Comments, doctypes and processing instructions are removed.
 * - href and src keep only http(s), mailto, tel and relative URLs (sanitize-html checks the scheme after
 *   decoding entities and removing whitespace and control characters).
 * - target is kept only as _blank or _self; a link opening a new window gets rel="noopener noreferrer"
 *   (any rel the author wrote is dropped).
 * - An img without alt gets its title as alt, else alt="" (screen readers then skip it as decorative).
 * - The output is re-serialised: text and attribute values are escaped and open tags are closed.
 */

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir', 'align'];

/** tag → attributes allowed on it (besides GLOBAL_ATTRIBUTES). */
const ALLOWED_TAGS: Record<string, string[]> = {
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

/** Void elements among ALLOWED_TAGS, written as `<br />`. */
const VOID_TAGS = ['br', 'hr', 'img', 'col', 'wbr'];

/** Removed together with their content (sanitize-html's nonTextTags; it replaces the default list). */
export const DROPPED_WITH_CONTENT: readonly string[] = [
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
  'option',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'audio',
  'video',
  'canvas',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED_TAGS),
  allowedAttributes: { ...ALLOWED_TAGS, '*': GLOBAL_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  selfClosing: VOID_TAGS,
  transformTags: {
    // every image has a text alternative (WCAG 1.1.1, axe image-alt): the author's alt, else its title, else
    // alt="" (decorative) — the programme table is shown to authors and session chairs as is
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? attribs.title ?? '' },
    }),
    a: (tagName, attribs) => {
      const kept = { ...attribs };
      delete kept.rel;
      if (kept.target === '_blank') kept.rel = 'noopener noreferrer';
      else if (kept.target !== '_self') delete kept.target;
      return { tagName, attribs: kept };
    },
  },
};

/** Returns safe HTML; see the file comment for what is kept. */
export function sanitizeHtml(html: string): string {
  return sanitize(html ?? '', OPTIONS);
}
