/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Kinds of `data:` URL a rendered document may load (fonts and images we inline ourselves). */
export type InlineResource = 'font' | 'image';

/**
 * The document's Content Security Policy: nothing may load except inline styles and the `data:` kinds
 * allowed. It is the second wall behind request interception, and the only one for `data:` URLs, which
 * Chromium does not let DevTools intercept.
 */
export function contentSecurityPolicy(inline: readonly InlineResource[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    inline.includes('font') ? 'font-src data:' : null,
    inline.includes('image') ? 'img-src data:' : null,
    "base-uri 'none'",
    "form-action 'none'",
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * Puts a CSP `<meta>` first in the document (right after its doctype, which keeps standards mode), so it
 * governs every element that follows, whatever the document's own <head> holds.
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  if (!doctype) return meta + html;
  const end = doctype[0].length;
  return html.slice(0, end) + meta + html.slice(end);
}
