import sanitize from 'sanitize-html';
import {
  DOCUMENT_BLOCK_PLACEHOLDERS,
  DOCUMENT_TEMPLATE_MESSAGES,
  DocumentTemplateError,
  parseDocumentTemplate,
  type DocumentKind,
} from '@symposium/domain';
import { DROPPED_WITH_CONTENT as HTML_DROPPED_WITH_CONTENT } from '../../common/html-sanitizer.js';
import { escapeHtml } from '../documents/html.js';
import { sanitizeCss, sanitizeStyleAttribute } from './template-css.js';

/**
 * Document templates: the allow-list sanitiser of chair-written templates, the built-in A4 template of each
 * kind, and filling a template with values.
 *
 * The sanitiser follows common/html-sanitizer (the publishing agreement's: an allow-list, dropped tags
 * removed with their content, comments removed, output re-serialised) and extends it for page layout:
 * <style> blocks, inline style and class attributes, sectioning tags and every table attribute. It has no
 * <img>, no links with an address, no script and no event handler: images come only through {{signature}}
 * and {{document.qrCode}}, which the server fills with its own `data:` images. CSS is parsed and kept only
 * where it is on an allow-list (template-css.ts): no escapes, url(), image-set(), @import or @font-face;
 * the renderer refuses every request anyway (request interception and a CSP). Placeholders stand in text
 * only.
 */

const GLOBAL_ATTRIBUTES = ['style', 'class', 'title', 'lang', 'dir', 'align', 'valign'];

const LAYOUT_TAGS = [
  'div',
  'span',
  'p',
  'br',
  'hr',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
];
const TEXT_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'big',
  'mark',
  'abbr',
  'cite',
  'q',
  'code',
  'pre',
  'kbd',
  'blockquote',
  'address',
  'time',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'font',
  'center',
  'wbr',
  'figure',
  'figcaption',
];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/** The publishing agreement's list but <style> and <head>: a document template may style its page. */
const DROPPED_WITH_CONTENT = HTML_DROPPED_WITH_CONTENT.filter((tag) => tag !== 'style' && tag !== 'head');

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...LAYOUT_TAGS, ...TEXT_TAGS, ...TABLE_TAGS, 'style'],
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    ol: ['start', 'type'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    colgroup: ['span'],
    th: ['colspan', 'rowspan', 'scope', 'width'],
    td: ['colspan', 'rowspan', 'width'],
    font: ['color', 'size'],
  },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowVulnerableTags: true, // <style> only: its text goes through the CSS allow-list below
  parseStyleAttributes: false, // style attributes go through the CSS allow-list (STYLE_OPTIONS)
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'col', 'wbr'],
};

/** The second pass: every `style` attribute through the CSS allow-list (values as parsed, unescaped). */
const STYLE_OPTIONS: sanitize.IOptions = {
  ...OPTIONS,
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const style = sanitizeStyleAttribute(attribs.style);
      const { style: _dropped, ...rest } = attribs;
      void _dropped;
      return { tagName, attribs: style ? { ...rest, style } : rest };
    },
  },
};

/** A `<style>` block of sanitize-html's output (it writes the tag without attributes it does not allow). */
const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * The stored form of a chair's template: the HTML allow-list, then the CSS allow-list (template-css) on
 * every `<style>` block and `style` attribute. A placeholder anywhere but in text (in a style block or an
 * attribute, where an escaped value could still change the CSS) is refused: DocumentTemplateError naming it.
 */
export function sanitizeDocumentHtml(html: string): string {
  const structural = sanitize(html, OPTIONS);
  const outside = placeholderOutsideText(structural);
  if (outside) throw new DocumentTemplateError(DOCUMENT_TEMPLATE_MESSAGES.outsideText(outside), outside);
  return sanitize(structural, STYLE_OPTIONS).replace(
    STYLE_BLOCK,
    (_whole, css: string) => `<style>${sanitizeCss(css)}</style>`,
  );
}

/**
 * The first placeholder (as written) inside a tag or a `<style>` block of sanitised HTML, else null. In
 * sanitised HTML every `<` of text is escaped, so a `<` opens a tag and `<style>` … `</style>` is CSS.
 */
export function placeholderOutsideText(html: string): string | null {
  let inTag = false;
  let inStyle = false;
  for (const part of parseDocumentTemplate(html).parts) {
    if ('text' in part) {
      ({ inTag, inStyle } = scan(part.text, inTag, inStyle));
      continue;
    }
    if (inTag || inStyle) return `{{${part.placeholder}}}`;
  }
  return null;
}

/** Where a run of sanitised HTML leaves the reader: inside a tag, inside a style block. */
function scan(text: string, inTag: boolean, inStyle: boolean): { inTag: boolean; inStyle: boolean } {
  for (let i = 0; i < text.length; i++) {
    if (inStyle) {
      if (text.slice(i, i + 8).toLowerCase() === '</style>') {
        inStyle = false;
        i += 7;
      }
    } else if (inTag) {
      if (text[i] === '>') inTag = false;
    } else if (text[i] === '<') {
      if (/^<style\b[^>]*>/i.test(text.slice(i))) {
        inStyle = true;
        i = text.indexOf('>', i);
      } else inTag = true;
    }
  }
  return { inTag, inStyle };
}

/** Values of one document: placeholder name → text (block placeholders: HTML built by the server). */
export type DocumentValues = Record<string, string>;

/**
 * Fills a (sanitised) template: text values HTML-escaped; block values (images, the billing table) as HTML.
 * A placeholder inside a tag or a style block (refused at save; a template stored before that rule) is
 * left empty. Unknown names were refused at save.
 */
export function fillTemplate(html: string, values: DocumentValues): string {
  const { parts } = parseDocumentTemplate(html);
  let out = '';
  let inTag = false;
  let inStyle = false;
  for (const part of parts) {
    if ('text' in part) {
      out += part.text;
      ({ inTag, inStyle } = scan(part.text, inTag, inStyle));
      continue;
    }
    if (inTag || inStyle) continue;
    const value = values[part.placeholder] ?? '';
    out += DOCUMENT_BLOCK_PLACEHOLDERS.includes(part.placeholder) ? value : escapeHtml(value);
  }
  return out;
}

const BASE_CSS = `@page { size: A4; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0 }
body { font-family: 'Liberation Serif', 'DejaVu Serif', 'Times New Roman', serif; font-size: 11pt; color: #1d1d1f;
  -webkit-print-color-adjust: exact }`;

/** The whole HTML document rendered for a filled template. */
export function documentShell(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${BASE_CSS}</style></head><body>${body}</body></html>`;
}

// ---------------------------------------------------------------------------------------------------------
// Built-in templates (A4). They use only what a chair's template may use.

const STYLE = `<style>
.page { padding: 20mm 22mm 40mm; }
.head { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2px solid #1f4e8c;
  padding-bottom: 5mm; margin-bottom: 10mm; }
.conf { font-size: 17pt; font-weight: bold; color: #1f4e8c; }
.conf .full { display: block; font-size: 10pt; font-weight: normal; color: #555; margin-top: 1mm; }
.meta { text-align: right; font-size: 9.5pt; color: #555; line-height: 1.4; }
h1 { font-size: 15pt; margin: 0 0 8mm; color: #1f4e8c; letter-spacing: 0.3px; }
p { line-height: 1.55; margin: 0 0 4mm; text-align: justify; }
.to { margin-bottom: 8mm; line-height: 1.45; }
.title { font-style: italic; }
.sign { margin-top: 12mm; line-height: 1.4; }
.sign img { display: block; max-height: 22mm; max-width: 70mm; margin-bottom: 2mm; }
.verify { position: fixed; left: 22mm; right: 22mm; bottom: 10mm; display: flex; align-items: center;
  border-top: 1px solid #c8ccd2; padding-top: 3mm; font-size: 8.5pt; color: #555; line-height: 1.5; }
.verify img { width: 26mm; height: 26mm; margin-right: 5mm; }
.code { font-family: 'Liberation Mono', 'DejaVu Sans Mono', monospace; font-size: 11pt; color: #1d1d1f;
  letter-spacing: 1px; }
table.lines { width: 100%; border-collapse: collapse; margin: 6mm 0; font-size: 10.5pt; }
table.lines th { text-align: left; border-bottom: 1.5px solid #1f4e8c; padding: 2mm; color: #1f4e8c; }
table.lines td { border-bottom: 1px solid #dde1e6; padding: 2mm; }
table.lines .amount { text-align: right; white-space: nowrap; }
.total { text-align: right; font-size: 13pt; font-weight: bold; margin-top: 2mm; }
.parties { display: flex; justify-content: space-between; margin-bottom: 8mm; line-height: 1.45; }
.parties .label { font-size: 8.5pt; text-transform: uppercase; color: #777; letter-spacing: 0.5px; }
.cert { border: 3px double #1f4e8c; padding: 16mm 14mm; margin-top: 6mm; text-align: center; }
.cert h1 { font-size: 24pt; margin-bottom: 10mm; }
.cert .name { font-size: 20pt; font-weight: bold; margin: 6mm 0; }
.cert p { text-align: center; }
</style>`;

const HEAD = `<div class="head"><div class="conf">{{conference.shortName}}<span class="full">{{conference.fullName}}</span></div>
<div class="meta">{{conference.city}}, {{conference.country}}<br>{{conference.dates}}<br>{{conference.url}}</div></div>`;

const SIGN = `<div class="sign">{{signature}}<strong>{{signer.name}}</strong><br>{{signer.title}}<br>{{conference.shortName}}</div>`;

const VERIFY = `<div class="verify">{{document.qrCode}}<div>Check this document at {{document.verifyUrl}}<br>
Verification code <span class="code">{{document.code}}</span> · issued {{document.date}}</div></div>`;

const BILL_HEAD = `<div class="head"><div class="conf">{{issuer.name}}<span class="full">{{issuer.address}}<br>Tax id {{issuer.taxId}}</span></div>
<div class="meta">{{conference.shortName}} · {{conference.dates}}<br>{{conference.address}}</div></div>`;

const BILL_PARTIES = `<div class="parties"><div><div class="label">Billed to</div><strong>{{recipient.name}}</strong><br>{{recipient.affiliation}}<br>{{recipient.country}}<br>{{recipient.email}}</div>
<div style="text-align:right"><div class="label">Number</div><strong>{{document.number}}</strong><br><div class="label" style="margin-top:2mm">Date</div>{{document.date}}</div></div>`;

const DEFAULTS: Record<DocumentKind, string> = {
  acceptance: `${STYLE}<div class="page">${HEAD}
<div class="to">{{recipient.name}}<br>{{recipient.affiliation}}<br>{{recipient.country}}</div>
<h1>Letter of acceptance</h1>
<p>Dear {{recipient.name}},</p>
<p>On behalf of the programme committee it is our pleasure to inform you that the paper
<span class="title">“{{paper.title}}”</span> (paper {{paper.id}}) by {{paper.authors}}, submitted to the track
{{paper.track}}, has been accepted for presentation at {{conference.fullName}} ({{conference.shortName}}), to be held
in {{conference.city}}, {{conference.country}}, on {{conference.dates}}.</p>
<p>We look forward to welcoming you at the conference.</p>
${SIGN}</div>${VERIFY}`,
  certificate: `${STYLE}<div class="page">${HEAD}
<div class="cert"><h1>Certificate of presentation</h1>
<p>This is to certify that</p><div class="name">{{recipient.name}}</div><p>{{recipient.affiliation}}</p>
<p>presented the paper <span class="title">“{{paper.title}}”</span><br>by {{paper.authors}}</p>
<p>at {{conference.fullName}} ({{conference.shortName}}), {{conference.city}}, {{conference.country}},
{{conference.dates}}<br>{{session.name}} · {{session.room}} · {{session.time}}</p></div>
${SIGN}</div>${VERIFY}`,
  invitation: `${STYLE}<div class="page">${HEAD}
<div class="to">{{recipient.name}}<br>{{recipient.affiliation}}<br>{{recipient.country}}</div>
<h1>Letter of invitation</h1>
<p>To whom it may concern,</p>
<p>We are pleased to invite {{recipient.name}} of {{recipient.affiliation}}, {{recipient.country}}, to attend
{{conference.fullName}} ({{conference.shortName}}), which takes place on {{conference.dates}} at
{{conference.venue}}, and to present the paper
<span class="title">“{{paper.title}}”</span> (paper {{paper.id}}), accepted by the programme committee.</p>
<p>This letter is issued to support the visa application of the participant. It does not imply any financial
commitment of the conference towards the participant.</p>
${SIGN}</div>${VERIFY}`,
  invoice: `${STYLE}<div class="page">${BILL_HEAD}<h1>Invoice</h1>${BILL_PARTIES}
<p>Registration to {{conference.fullName}} for the paper <span class="title">“{{paper.title}}”</span> (paper {{paper.id}}).</p>
{{billing.linesHtml}}<div class="total">Total {{billing.total}}</div>
<p style="margin-top:8mm">{{billing.paymentTerms}}</p></div>${VERIFY}`,
  receipt: `${STYLE}<div class="page">${BILL_HEAD}<h1>Receipt</h1>${BILL_PARTIES}
<p>Received from {{recipient.name}} for the registration to {{conference.fullName}}, paper
<span class="title">“{{paper.title}}”</span> (paper {{paper.id}}):</p>
{{billing.linesHtml}}<div class="total">Total paid {{billing.total}}</div></div>${VERIFY}`,
  creditNote: `${STYLE}<div class="page">${BILL_HEAD}<h1>Credit note</h1>${BILL_PARTIES}
<p>This credit note cancels document {{billing.credits}} (paper {{paper.id}}, <span class="title">“{{paper.title}}”</span>).
Reason: {{billing.reason}}</p>
{{billing.linesHtml}}<div class="total">Total credited {{billing.total}}</div></div>${VERIFY}`,
};

/** The built-in template of a kind (already in sanitised form). */
export function defaultTemplate(kind: DocumentKind): string {
  return DEFAULTS[kind];
}
