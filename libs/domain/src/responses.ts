/**
 * Author responses ("rebuttals", issue 25): one per paper and review round, written by any author of the
 * paper during the round's response window and limited in words or characters. The length is counted here,
 * once, for the API (which refuses an over-long response) and for the browser's live counter, so both count
 * the same. Routes:
 *  - GET  /api/author/papers/{paperId}/responses → AuthorResponsePhaseDto[] (every round with a response phase)
 *  - GET  /api/author/papers/{paperId}/responses/{round} → AuthorResponsePhaseDto
 *  - PUT  /api/author/papers/{paperId}/responses/{round} { text } → AuthorResponsePhaseDto (saves a draft;
 *    a submitted response edited stays submitted only after POST …/submit again)
 *  - POST /api/author/papers/{paperId}/responses/{round}/submit { text } → AuthorResponsePhaseDto
 *  - GET  /api/reviewer/papers/{paperId}/responses → SubmittedResponseDto[] (reviewers of the paper)
 *  - GET  /api/{chair|cochair}/reviews/paper/{paperId}/responses → SubmittedResponseDto[]
 */

export const RESPONSE_LIMIT_UNITS = ['words', 'characters'] as const;
export type ResponseLimitUnit = (typeof RESPONSE_LIMIT_UNITS)[number];

/** A stored response is at most this long whatever the round's limit (a draft may exceed the limit). */
export const MAX_RESPONSE_TEXT_LENGTH = 100_000;

/** CRLF and CR become LF: a response pasted from Windows counts (and is stored) like the same text typed. */
export const normalizeNewlines = (text: string): string => text.replace(/\r\n?/g, '\n');

/**
 * The length of a response: words are tokens separated by Unicode whitespace; characters are Unicode code
 * points (an emoji or a CJK character is one) after normalising line breaks to LF.
 */
export function responseLength(text: string, unit: ResponseLimitUnit): number {
  if (unit === 'words') return text.split(/\s+/u).filter((w) => w.length > 0).length;
  let n = 0;
  for (const _ of normalizeNewlines(text)) n++;
  return n;
}

const count = (n: number) => n.toLocaleString('en-US');
const unitName = (n: number, unit: ResponseLimitUnit) =>
  unit === 'words' ? (n === 1 ? 'word' : 'words') : n === 1 ? 'character' : 'characters';

/** "812 / 1,200 words": the browser's live counter. */
export const responseCounterText = (length: number, limit: number, unit: ResponseLimitUnit): string =>
  `${count(length)} / ${count(limit)} ${unitName(limit, unit)}`;

export const RESPONSE_MESSAGES = {
  tooLong: (length: number, limit: number, unit: ResponseLimitUnit) =>
    `The response is ${count(length)} ${unitName(length, unit)} long; the limit is ${count(limit)} ${unitName(limit, unit)}`,
  notOpen: (opensAt: string) => `The author response window opens on ${opensAt}`,
  closed: (closedAt: string) => `The author response window closed on ${closedAt}`,
  noResponse: 'No author response in this round',
  windowNotSet: 'The author response window of this round is not set',
  roundNotFound: 'Review round not found',
  textTooLong: `A response is at most ${count(MAX_RESPONSE_TEXT_LENGTH)} characters long`,
  empty: 'Please write the response before submitting it',
  alreadySubmitted: 'The response is submitted: submit the edited text to replace it',
  saved: 'Response saved as a draft',
  submitted: 'Response submitted',
} as const;

/** The over-limit message, or null when the text fits (exactly at the limit fits). */
export function responseLimitError(text: string, limit: number, unit: ResponseLimitUnit): string | null {
  const length = responseLength(text, unit);
  return length > limit ? RESPONSE_MESSAGES.tooLong(length, limit, unit) : null;
}

export type ResponseWindowState = 'none' | 'unset' | 'before' | 'open' | 'closed';

export interface ResponseWindow {
  opensAt: Date | string | null;
  closesAt: Date | string | null;
  /** null: the round has no author response. */
  limit: number | null;
}

/**
 * Where a round's response window stands at `now`: open when opensAt ≤ now < closesAt; 'none' when the
 * round has no response (no limit), 'unset' when a date is missing.
 */
export function responseWindowState(w: ResponseWindow, now: Date): ResponseWindowState {
  if (w.limit === null) return 'none';
  if (!w.opensAt || !w.closesAt) return 'unset';
  const t = now.getTime();
  if (t < new Date(w.opensAt).getTime()) return 'before';
  if (t >= new Date(w.closesAt).getTime()) return 'closed';
  return 'open';
}

/** A review as authors read it in the response phase (never who wrote it, never the comments to the chair). */
export interface ResponseReviewDto {
  number: number;
  round: number;
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  final: number;
  decision: string;
  comments: { author: string };
}

/** The author's view of one round's response phase. */
export interface AuthorResponsePhaseDto {
  paper: number;
  paperTitle: string;
  round: number;
  roundName: string;
  opensAt: string | null;
  closesAt: string | null;
  limit: number | null;
  unit: ResponseLimitUnit;
  state: ResponseWindowState;
  /** The server's clock when it answered (the screen decides nothing from the browser's clock). */
  now: string;
  /** The conference time zone (dates are shown in it). */
  timeZone: string;
  /** The reviews the authors may read now: submitted reviews while the window is open, else as released. */
  reviews: ResponseReviewDto[];
  response: {
    text: string;
    submitted: boolean;
    submittedAt: string | null;
    updatedAt: string;
  } | null;
}

/** A submitted response as reviewers and chairs read it. */
export interface SubmittedResponseDto {
  paper: number;
  round: number;
  roundName: string;
  text: string;
  submittedAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------- the safe Markdown subset

/**
 * A response is plain text or a small Markdown subset: *emphasis*, **strong**, `code`, fenced code blocks,
 * "- " / "* " and "1. " lists and [links](https://…) with http or https only. parseResponseText turns it
 * into data (never HTML); both apps render the nodes as React elements, so nothing in a response can
 * inject markup. Anything else stays literal text.
 */
export type ResponseInline =
  | { t: 'text'; v: string }
  | { t: 'em'; c: ResponseInline[] }
  | { t: 'strong'; c: ResponseInline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: ResponseInline[] }
  | { t: 'br' };

export type ResponseBlock =
  | { t: 'p'; c: ResponseInline[] }
  | { t: 'ul'; items: ResponseInline[][] }
  | { t: 'ol'; items: ResponseInline[][] }
  | { t: 'pre'; v: string };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const FENCE = /^\s*```/;

export function parseResponseText(text: string): ResponseBlock[] {
  const lines = normalizeNewlines(text).split('\n');
  const blocks: ResponseBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) {
      const c: ResponseInline[] = [];
      para.forEach((l, i) => {
        if (i > 0) c.push({ t: 'br' });
        c.push(...parseInline(l));
      });
      blocks.push({ t: 'p', c });
    }
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) code.push(lines[i++]!);
      blocks.push({ t: 'pre', v: code.join('\n') });
      continue;
    }
    const kind = BULLET.test(line) ? 'ul' : NUMBERED.test(line) ? 'ol' : null;
    if (kind) {
      flush();
      const re = kind === 'ul' ? BULLET : NUMBERED;
      const items: ResponseInline[][] = [];
      while (i < lines.length && re.test(lines[i]!)) items.push(parseInline(re.exec(lines[i++]!)![1]!));
      i--;
      blocks.push({ t: kind, items });
      continue;
    }
    if (!line.trim()) flush();
    else para.push(line);
  }
  flush();
  return blocks;
}

const SAFE_URL = /^https?:\/\/[^\s<>"']+$/i;

/** Inline marks of one line: code first (its content stays literal), then links, strong, emphasis. */
export function parseInline(s: string): ResponseInline[] {
  const out: ResponseInline[] = [];
  let text = '';
  const push = (n: ResponseInline) => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
    out.push(n);
  };
  let i = 0;
  while (i < s.length) {
    const rest = s.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^`([^`]+)`/.exec(rest))) {
      push({ t: 'code', v: m[1]! });
      i += m[0].length;
    } else if ((m = /^\[([^\]\n]+)\]\(([^)\s]+)\)/.exec(rest)) && SAFE_URL.test(m[2]!)) {
      push({ t: 'link', href: m[2]!, c: parseInline(m[1]!) });
      i += m[0].length;
    } else if ((m = /^\*\*(?=\S)(.+?)(?<=\S)\*\*/.exec(rest))) {
      push({ t: 'strong', c: parseInline(m[1]!) });
      i += m[0].length;
    } else if (
      (m =
        /^\*(?=[^\s*])(.+?)(?<=[^\s*])\*/.exec(rest) ??
        (i === 0 || !/\w/.test(s[i - 1]!) ? /^_(?=\S)(.+?)(?<=\S)_(?!\w)/.exec(rest) : null))
    ) {
      push({ t: 'em', c: parseInline(m[1]!) });
      i += m[0].length;
    } else {
      text += s[i];
      i++;
    }
  }
  if (text) out.push({ t: 'text', v: text });
  return out;
}
