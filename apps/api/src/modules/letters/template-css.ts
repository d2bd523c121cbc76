import postcss, { type ChildNode, type Container, type Declaration } from 'postcss';

/**
 * The CSS of chair-written document templates (`<style>` blocks and `style` attributes), parsed with
 * postcss and kept only where it is on an allow-list: known layout and typography properties, values made
 * of plain words, numbers, colours, strings and a few harmless functions, the at-rules @page and @media.
 * Everything else goes: CSS escapes (`\75 rl(…)` is `url(…)` to the browser, `@\69mport` is `@import`),
 * url(), image-set(), @import, @font-face, comments, and any `{{placeholder}}` (values go into text only).
 * Comparing the written text with a list is safe because nothing written with an escape is ever kept.
 */

const PROPERTIES = new Set([
  'align-content',
  'align-items',
  'align-self',
  'background',
  'background-color',
  'border',
  'border-bottom',
  'border-bottom-color',
  'border-bottom-style',
  'border-bottom-width',
  'border-collapse',
  'border-color',
  'border-left',
  'border-left-color',
  'border-left-style',
  'border-left-width',
  'border-radius',
  'border-right',
  'border-right-color',
  'border-right-style',
  'border-right-width',
  'border-spacing',
  'border-style',
  'border-top',
  'border-top-color',
  'border-top-style',
  'border-top-width',
  'border-width',
  'bottom',
  'box-sizing',
  'break-after',
  'break-before',
  'break-inside',
  'caption-side',
  'clear',
  'color',
  'column-count',
  'column-gap',
  'columns',
  'display',
  'flex',
  'flex-basis',
  'flex-direction',
  'flex-flow',
  'flex-grow',
  'flex-shrink',
  'flex-wrap',
  'float',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'gap',
  'grid-column',
  'grid-row',
  'grid-template-columns',
  'grid-template-rows',
  'height',
  'hyphens',
  'justify-content',
  'left',
  'letter-spacing',
  'line-height',
  'list-style',
  'list-style-position',
  'list-style-type',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'max-height',
  'max-width',
  'min-height',
  'min-width',
  'opacity',
  'orphans',
  'overflow',
  'overflow-wrap',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'page-break-after',
  'page-break-before',
  'page-break-inside',
  'position',
  'right',
  'row-gap',
  'size',
  'table-layout',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'top',
  'vertical-align',
  'white-space',
  'widows',
  'width',
  'word-break',
  'word-spacing',
  'z-index',
  '-webkit-print-color-adjust',
  'print-color-adjust',
]);

/** Functions a value may call: colours, arithmetic, gradients (drawn, never fetched); '' is a bracket. */
const FUNCTIONS = new Set([
  '',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'calc',
  'min',
  'max',
  'clamp',
  'repeat',
  'minmax',
  'linear-gradient',
  'radial-gradient',
]);

const AT_RULES = new Set(['page', 'media']);

/** A value: words, numbers and units, #colours, quoted strings without escapes, commas, operators. */
const VALUE = /^[a-z0-9\s#%.,()'"+\-*/!]*$/i;
/** A selector: no escapes, no placeholders, no markup, no at-signs. */
const SELECTOR = /^[a-z0-9\s#.,:>+~*\-_[\]="'()|^$]*$/i;
const MEDIA = /^[a-z0-9\s(),:.-]*$/i;

const declarationKept = (d: Declaration): boolean => {
  const prop = d.prop.toLowerCase();
  if (!PROPERTIES.has(prop) || !VALUE.test(d.value)) return false;
  for (const m of d.value.matchAll(/([a-z-]*)\s*\(/gi)) if (!FUNCTIONS.has(m[1]!.toLowerCase())) return false;
  return true;
};

function clean(container: Container): void {
  for (const node of [...(container.nodes ?? [])] as ChildNode[]) {
    if (node.type === 'comment') node.remove();
    else if (node.type === 'decl') {
      if (!declarationKept(node)) node.remove();
    } else if (node.type === 'atrule') {
      if (!AT_RULES.has(node.name.toLowerCase()) || !MEDIA.test(node.params) || !node.nodes) node.remove();
      else clean(node);
    } else if (node.type === 'rule') {
      if (!SELECTOR.test(node.selector)) node.remove();
      else clean(node);
    }
  }
}

/**
 * Every CSS escape (`\69`, `\75 `, `\:`…) becomes `&`, which no allow-list admits (no property, value,
 * selector, media query or at-rule name holds one): whatever was written with an escape is dropped, and the
 * parser never meets an escape it reads differently from Chromium (postcss cannot even parse `@\69mport`).
 */
const unescaped = (css: string): string => css.replace(/\\(?:[0-9a-f]{1,6}\s?|[\s\S]|$)/gi, '&');

/** The allowed part of a stylesheet (a `<style>` block); '' when it cannot be parsed. */
export function sanitizeCss(css: string): string {
  let root;
  try {
    root = postcss.parse(unescaped(css));
  } catch {
    return '';
  }
  clean(root);
  return root.toString();
}

/** The allowed declarations of a `style` attribute, re-serialised ('' when none is left). */
export function sanitizeStyleAttribute(style: string): string {
  let root;
  try {
    root = postcss.parse(`x{${unescaped(style)}}`);
  } catch {
    return '';
  }
  const rule = root.first;
  if (!rule || rule.type !== 'rule') return '';
  clean(rule);
  return (rule.nodes ?? [])
    .filter((n): n is Declaration => n.type === 'decl')
    .map((d) => `${d.prop}:${d.value}${d.important ? ' !important' : ''}`)
    .join(';');
}
