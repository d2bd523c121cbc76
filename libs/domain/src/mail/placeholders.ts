/**
 * E-mail template placeholders: a documented, closed list. A template is subject and text with
 * placeholders written {{name}} (spaces inside the braces allowed). parseTemplate finds every placeholder
 * and refuses unknown or malformed ones with a message naming them; renderTemplate fills values in,
 * escaped for the format they go into (plain text: as they are, with line breaks kept out of a subject;
 * HTML: entity-escaped).
 */

export type PlaceholderScope = 'recipient' | 'paper' | 'review' | 'conference' | 'reminder';

export interface PlaceholderInfo {
  name: string;
  description: string;
  /** paper: needs a paper (paper e-mails, paper reminders); review: a review request (review reminders). */
  scope: PlaceholderScope;
}

/** The closed list, in the order the template screen shows it. */
export const PLACEHOLDERS: readonly PlaceholderInfo[] = [
  { name: 'recipient.firstName', description: "Recipient's first name", scope: 'recipient' },
  { name: 'recipient.lastName', description: "Recipient's last name", scope: 'recipient' },
  { name: 'recipient.email', description: "Recipient's e-mail address", scope: 'recipient' },
  { name: 'paper.id', description: 'Paper id', scope: 'paper' },
  { name: 'paper.title', description: 'Paper title', scope: 'paper' },
  { name: 'paper.track', description: "Name of the paper's track", scope: 'paper' },
  { name: 'paper.status', description: "The paper's status (decision)", scope: 'paper' },
  { name: 'paper.authors', description: 'Authors of the paper, in order', scope: 'paper' },
  {
    name: 'paper.reviews',
    description: "Summary of the paper's reviews (empty unless its reviews are open to the authors)",
    scope: 'paper',
  },
  {
    name: 'track.submissionDeadline',
    description: "Deadline for submitting to the paper's track",
    scope: 'paper',
  },
  {
    name: 'track.editDeadline',
    description: "Deadline for editing papers of the paper's track",
    scope: 'paper',
  },
  {
    name: 'track.cameraReadyDeadline',
    description: "Camera-ready deadline of the paper's track",
    scope: 'paper',
  },
  {
    name: 'track.presentationReadyDeadline',
    description: "Presentation-ready deadline of the paper's track",
    scope: 'paper',
  },
  { name: 'link.paper', description: "Link to the paper's page", scope: 'paper' },
  { name: 'link.reviews', description: "Link to the paper's reviews", scope: 'paper' },
  { name: 'link.cameraReady', description: 'Link to the camera-ready submission', scope: 'paper' },
  {
    name: 'link.presentationReady',
    description: 'Link to the presentation-ready submission',
    scope: 'paper',
  },
  { name: 'link.consent', description: 'Link to the consent form', scope: 'paper' },
  {
    name: 'consent.instructions',
    description:
      'A sentence asking the author to sign the consent form, with its link; empty while digital consent signing is off',
    scope: 'paper',
  },
  {
    name: 'response.opens',
    description: "When the author response window of the paper's current review round opens",
    scope: 'paper',
  },
  {
    name: 'response.closes',
    description: "When the author response window of the paper's current review round closes",
    scope: 'paper',
  },
  {
    name: 'link.response',
    description: "Link to the paper's author response screen (current review round)",
    scope: 'paper',
  },
  { name: 'review.replyDue', description: 'Date by which the reviewer answers the request', scope: 'review' },
  { name: 'review.due', description: 'Date by which the review is due', scope: 'review' },
  { name: 'link.reviewRequest', description: 'Link to the review request', scope: 'review' },
  { name: 'reminder.deadline', description: 'The deadline a reminder is about', scope: 'reminder' },
  { name: 'conference.shortName', description: 'Conference short name', scope: 'conference' },
  { name: 'conference.fullName', description: 'Conference full name', scope: 'conference' },
  { name: 'conference.url', description: "Conference's web site", scope: 'conference' },
  { name: 'link.login', description: 'Link to sign in to the submission system', scope: 'conference' },
] as const;

export type PlaceholderName = string;

const KNOWN = new Map(PLACEHOLDERS.map((p) => [p.name, p]));

export const isPlaceholder = (name: string): boolean => KNOWN.has(name);
export const placeholderInfo = (name: string): PlaceholderInfo | undefined => KNOWN.get(name);

export const TEMPLATE_MESSAGES = {
  unknown: (raw: string) => `Unknown placeholder ${raw}`,
  malformed: (raw: string) => `Malformed placeholder ${raw}: write {{name}} with a name from the list`,
  needsPaper: (name: string) => `The placeholder {{${name}}} needs a paper: this e-mail is not about a paper`,
  needsReview: (name: string) =>
    `The placeholder {{${name}}} needs a review request: only review reminders have one`,
} as const;

export type TemplatePart = { text: string } | { placeholder: string };

export interface ParsedTemplate {
  parts: TemplatePart[];
  /** Distinct placeholder names used, in order of first use. */
  names: string[];
}

export class TemplateError extends Error {
  constructor(
    message: string,
    /** The offending text as written, e.g. "{{paper.titel}}". */
    public readonly placeholder: string,
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}

const NAME = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/;

/** How scanPlaceholders knows names and reports problems (e-mail and document templates differ). */
export interface PlaceholderSyntax {
  known: (name: string) => boolean;
  /** The error to throw, with the offending text as written. */
  error: (message: string, raw: string) => Error;
  /** A further refusal of a known name (e.g. a placeholder with no value in this kind of document). */
  refuse?: (name: string) => string | undefined;
  /** Characters (besides a new line and the next "{{") that end the excerpt of a malformed placeholder. */
  stopAt?: readonly string[];
}

/**
 * Splits a template into text and {{name}} placeholders. Throws syntax.error naming the first unknown or
 * malformed placeholder ("{{" without "}}", "{{}}", "{{ paper title }}"; a lone "}}" is plain text).
 */
export function scanPlaceholders(template: string, syntax: PlaceholderSyntax): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const names: string[] = [];
  let i = 0;
  let text = '';
  while (i < template.length) {
    const open = template.indexOf('{{', i);
    if (open < 0) {
      text += template.slice(i);
      break;
    }
    text += template.slice(i, open);
    const close = template.indexOf('}}', open + 2);
    const nextOpen = template.indexOf('{{', open + 2);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      const stops = [
        nextOpen,
        template.indexOf('\n', open),
        ...(syntax.stopAt ?? []).map((c) => template.indexOf(c, open)),
      ];
      const end = Math.min(template.length, open + 40, ...stops.filter((n) => n > open));
      const raw = template.slice(open, end);
      throw syntax.error(TEMPLATE_MESSAGES.malformed(raw.trimEnd()), raw);
    }
    const raw = template.slice(open, close + 2);
    const name = template.slice(open + 2, close).trim();
    if (!NAME.test(name)) throw syntax.error(TEMPLATE_MESSAGES.malformed(raw), raw);
    if (!syntax.known(name)) throw syntax.error(TEMPLATE_MESSAGES.unknown(raw), raw);
    const refusal = syntax.refuse?.(name);
    if (refusal) throw syntax.error(refusal, raw);
    if (text) parts.push({ text });
    text = '';
    parts.push({ placeholder: name });
    if (!names.includes(name)) names.push(name);
    i = close + 2;
  }
  if (text) parts.push({ text });
  return { parts, names };
}

/** An e-mail template's parts; throws TemplateError naming the first unknown or malformed placeholder. */
export const parseTemplate = (template: string): ParsedTemplate =>
  scanPlaceholders(template, {
    known: (name) => KNOWN.has(name),
    error: (message, raw) => new TemplateError(message, raw),
  });

/** Every problem of a template (subject and text), as messages; empty when it is valid. */
export function templateProblems(...templates: string[]): string[] {
  const problems: string[] = [];
  for (const t of templates) {
    try {
      parseTemplate(t);
    } catch (e) {
      if (e instanceof TemplateError) problems.push(e.message);
      else throw e;
    }
  }
  return problems;
}

/** Values of one message; a missing name is an error at render (the scope is not available). */
export type PlaceholderValues = Partial<Record<string, string>>;

export type RenderFormat = 'text' | 'subject' | 'html';

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills a parsed template. text: values as they are; subject: line breaks in values become spaces (no
 * header injection); html: both the template's text and the values are escaped and line breaks become
 * <br>. Throws TemplateError when a placeholder has no value here (a paper placeholder in an e-mail to users).
 */
export function renderTemplate(
  parsed: ParsedTemplate,
  values: PlaceholderValues,
  format: RenderFormat,
): string {
  let out = '';
  for (const part of parsed.parts) {
    let s: string;
    if ('text' in part) s = part.text;
    else {
      const v = values[part.placeholder];
      if (v === undefined) {
        const scope = KNOWN.get(part.placeholder)?.scope;
        throw new TemplateError(
          scope === 'review'
            ? TEMPLATE_MESSAGES.needsReview(part.placeholder)
            : TEMPLATE_MESSAGES.needsPaper(part.placeholder),
          `{{${part.placeholder}}}`,
        );
      }
      s = v;
    }
    if (format === 'subject') s = s.replace(/[\r\n]+/g, ' ');
    else if (format === 'html') s = escapeHtml(s).replace(/\r?\n/g, '<br>\n');
    out += s;
  }
  return format === 'subject' ? out.trim() : out;
}
