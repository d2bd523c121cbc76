/**
 * Anonymity on double-blind tracks: the authors' names, e-mail addresses and organizations in the text or in
 * the PDF's metadata, an acknowledgements section, links to the authors' own pages. Pure functions over the
 * laid-out pages.
 */
import type { CheckFinding, FindingEvidence, PageBox } from '@symposium/domain';
import type { CheckAuthor } from './check-input.js';
import { fileEvidence, MAX_EVIDENCE, pageList, roundBox, snippet } from './evidence.js';
import { boxOfRange, locate, type PageLayout } from './layout.js';
import type { Region } from './sections.js';

export interface AnonymityFacts {
  pages: PageLayout[];
  /** Each page's lines' regions (sections.ts), in the order of `pages[i].lines`. */
  regions: Region[][];
  metadata: { field: string; value: string }[];
  links: { page: number; url: string; box: PageBox }[];
}

/** Organization phrases shorter than this are not searched ("MIT" would match too much). */
const MIN_PHRASE = 4;
/** Legal forms that are no one's organization on their own. */
const LEGAL_FORMS = new Set([
  'inc',
  'inc.',
  'ltd',
  'ltd.',
  'llc',
  'gmbh',
  'corp',
  'corp.',
  'plc',
  'ag',
  'sa',
  's.a.',
]);
/** Surnames and e-mail local parts shorter than this are matched in a URL only as a whole segment. */
const SUBSTRING_MIN = 5;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not inside a word: letters, digits and marks of any script. */
const bounded = (pattern: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${pattern}(?![\\p{L}\\p{N}\\p{M}])`, 'giu');
const words = (s: string) => s.normalize('NFKC').trim().split(/\s+/).filter(Boolean);
/** Letters only, lower case, accents dropped: "Müller-Lüdenscheidt" → "mullerludenscheidt". */
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The patterns of a name: "Jane Q. Doe", "Jane Doe", "J. Doe", "J. Q. Doe" (case and spaces free). */
export function namePatterns(name: string): RegExp[] {
  const tokens = words(name);
  if (!tokens.length) return [];
  const last = tokens[tokens.length - 1];
  const patterns = [tokens.map(escape).join('\\s+')];
  if (tokens.length > 2) patterns.push(`${escape(tokens[0])}\\s+${escape(last)}`);
  if (tokens.length > 1) {
    const initial = [...tokens[0]][0];
    patterns.push(`${escape(initial)}\\.\\s*(?:\\p{Lu}\\.\\s*)*${escape(last)}`);
  }
  return patterns.map(bounded);
}

/** An e-mail address, spaces allowed between its characters (letter-spaced text extracts so). */
export const emailPattern = (email: string): RegExp | null => {
  const chars = [...email.trim()];
  return chars.length ? new RegExp(`(?<![\\w.+-])${chars.map(escape).join('\\s?')}(?![\\w-])`, 'giu') : null;
};

/** The phrases of an organization ("University of Example, Dept. of CS" → two) of at least 4 characters. */
export function organizationPatterns(organization: string | null): RegExp[] {
  if (!organization) return [];
  return organization
    .split(/[,;()/|]|\s[-–—]\s/)
    .map((p) => p.trim())
    .filter((p) => p.length >= MIN_PHRASE && !LEGAL_FORMS.has(p.toLowerCase()))
    .map((p) => bounded(words(p).map(escape).join('\\s+')));
}

interface Hit {
  page: number;
  /** Where it starts in the page's text (the evidence follows the reading order). */
  at: number;
  box: PageBox | null;
  snippet: string;
}

/** Every match of the patterns in the pages' text, lines in excluded regions left out. */
function search(facts: AnonymityFacts, patterns: RegExp[], skip: (region: Region) => boolean): Hit[] {
  const hits: Hit[] = [];
  facts.pages.forEach((page, p) => {
    const seen = new Set<number>();
    for (const pattern of patterns) {
      for (const match of page.text.matchAll(pattern)) {
        const at = locate(page, match.index);
        if (!at || seen.has(match.index)) continue;
        seen.add(match.index);
        if (skip(facts.regions[p][page.lines.indexOf(at.line)])) continue;
        hits.push({
          page: page.page,
          at: match.index,
          box: boxOfRange(page, match.index, match.index + match[0].length),
          snippet: at.line.text,
        });
      }
    }
  });
  return hits.sort((a, b) => a.page - b.page || a.at - b.at);
}

type AnonymityCode =
  'authorName' | 'authorEmail' | 'authorOrganization' | 'metadata' | 'acknowledgements' | 'personalLink';

const RULES: Record<AnonymityCode, string> = {
  authorName: 'no author names in a double-blind submission',
  authorEmail: 'no author e-mail addresses in a double-blind submission',
  authorOrganization: 'no author organizations in a double-blind submission',
  metadata: 'no author details in the PDF metadata',
  acknowledgements: 'no acknowledgements in a double-blind submission',
  personalLink: "no links to the authors' own pages in a double-blind submission",
};

function finding(code: AnonymityCode, what: string, hits: Hit[]): CheckFinding {
  const pages = [...new Set(hits.map((h) => h.page))].sort((a, b) => a - b);
  return {
    code,
    message: `${what} on ${pageList(pages)}`,
    rule: RULES[code],
    measured: `found ${hits.length === 1 ? 'once' : `${hits.length} times`}`,
    pages,
    evidence: hits.slice(0, MAX_EVIDENCE).map((h): FindingEvidence => ({
      page: h.page,
      box: h.box && roundBox(h.box),
      snippet: snippet(h.snippet),
    })),
  };
}

/** "Acknowledgements", "Acknowledgments.", "7 ACKNOWLEDGEMENTS", "Acknowledgment: We thank…". */
const ACKNOWLEDGEMENTS_HEADING = /^(?:\d+(?:\.\d+)*\.?\s*)?acknowledge?ments?(?:\s*$|\s*[.:—–-])/i;

/** URLs in the text: with a scheme, www., or a host name with a path ("github.com/jdoe"). */
const URL_IN_TEXT = /(?<![@\w.-])(?:https?:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/\S*|(?=\s|$)))/giu;

/**
 * Whether a URL points to one of the author's own pages: their surname, initial and surname ("jdoe"), first
 * name and surname, or their e-mail's local part in it.
 */
export function urlNamesAuthor(url: string, author: CheckAuthor): boolean {
  const address = url
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[).,;:]+$/, '');
  if (address.startsWith('mailto:') || address.startsWith('doi.org/') || address.includes('.doi.org/'))
    return false;
  const segments = address.split(/[^a-z0-9]+/).filter(Boolean);
  const names = words(author.name).map(fold);
  const surname = names.at(-1) ?? '';
  const keys = [surname, fold(author.email.split('@')[0] ?? '')];
  if (names.length > 1) keys.push(names[0][0] + surname, names[0] + surname);
  const foldedUrl = fold(address);
  return keys.some(
    (key) =>
      key.length >= 3 && (segments.includes(key) || (key.length >= SUBSTRING_MIN && foldedUrl.includes(key))),
  );
}

/**
 * The anonymity findings for the authors. Names and organizations in the references are citations, so
 * the references are not searched for them (their e-mail addresses and links are searched everywhere).
 */
export function checkAnonymity(facts: AnonymityFacts, authors: CheckAuthor[]): CheckFinding[] {
  const findings: CheckFinding[] = [];
  const inReferences = (region: Region) => region === 'references';
  const nowhere = () => false;
  for (const author of authors) {
    const names = namePatterns(author.name);
    const nameHits = search(facts, names, inReferences);
    if (nameHits.length) findings.push(finding('authorName', `author name ${author.name.trim()}`, nameHits));
    const email = emailPattern(author.email);
    const emailHits = email ? search(facts, [email], nowhere) : [];
    if (emailHits.length)
      findings.push(finding('authorEmail', `author e-mail ${author.email.trim()}`, emailHits));
    const organizations = organizationPatterns(author.organization);
    const orgHits = search(facts, organizations, inReferences);
    if (orgHits.length)
      findings.push(finding('authorOrganization', `organization ${author.organization!.trim()}`, orgHits));

    const inMetadata = facts.metadata.filter(({ value }) =>
      [...names, ...(email ? [email] : []), ...organizations].some((pattern) => {
        pattern.lastIndex = 0;
        return pattern.test(value.normalize('NFKC'));
      }),
    );
    if (inMetadata.length)
      findings.push({
        code: 'metadata',
        message: `${author.name.trim()} named in the PDF metadata (${[...new Set(inMetadata.map((m) => m.field))].join(', ')})`,
        rule: RULES.metadata,
        measured: `found in ${inMetadata.length === 1 ? '1 field' : `${inMetadata.length} fields`}`,
        pages: [],
        evidence: inMetadata.slice(0, MAX_EVIDENCE).map((m) => fileEvidence(`${m.field}: ${m.value}`)),
      });

    const linkHits = linksOf(facts).filter((l) => urlNamesAuthor(l.url, author));
    if (linkHits.length)
      findings.push(
        finding(
          'personalLink',
          `personal link ${linkHits[0].url}${linkHits.length > 1 ? ` and ${linkHits.length - 1} more` : ''} of ${author.name.trim()}`,
          linkHits.map((l) => ({ page: l.page, at: 0, box: l.box, snippet: l.url })),
        ),
      );
  }
  const acknowledgements: Hit[] = [];
  for (const page of facts.pages)
    for (const line of page.lines)
      if (!line.edge && ACKNOWLEDGEMENTS_HEADING.test(line.text.trim()))
        acknowledgements.push({ page: page.page, at: 0, box: line.box, snippet: line.text });
  if (acknowledgements.length)
    findings.push(finding('acknowledgements', 'acknowledgements section', acknowledgements));
  return findings;
}

/** The URLs of the pages: link annotations and URLs written in the text, one per page and address. */
function linksOf(facts: AnonymityFacts): { page: number; url: string; box: PageBox | null }[] {
  const found: { page: number; url: string; box: PageBox | null }[] = [...facts.links];
  for (const page of facts.pages)
    for (const match of page.text.matchAll(URL_IN_TEXT))
      found.push({
        page: page.page,
        url: match[0].replace(/[).,;:]+$/, ''),
        box: boxOfRange(page, match.index, match.index + match[0].length),
      });
  const seen = new Set<string>();
  return found
    .filter((l) => {
      const key = `${l.page} ${l.url
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, '')
        .replace(/\/$/, '')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.page - b.page);
}
