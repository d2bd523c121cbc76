import { DEFAULT_FORMAT_RULES, type FormatRules } from '@symposium/domain';
import { namePatterns, urlNamesAuthor } from './anonymity.js';
import { pageList } from './evidence.js';
import { ITEM_FIELDS, ITEM_SEPARATOR, type ExtractedPage } from './extracted.js';
import { checkMargins, fontTolerancePt, type FormatFacts } from './format-rules.js';
import { layoutPage, type PageLayout } from './layout.js';
import { bodyPageNumbers, findSections } from './sections.js';

/** A line of a hand-made page: its text from x at baseline y (points from the top-left), in one item. */
interface Line {
  text: string;
  x?: number;
  y: number;
  size?: number;
  font?: number;
}

/** A Letter page of the lines, each one item about half an em wide per character. */
function page(lines: Line[], n = 1): PageLayout {
  const numbers: number[] = [];
  for (const { text, x = 72, y, size = 10, font = 0 } of lines)
    numbers.push(x, y - 0.9 * size, x + text.length * size * 0.5, y + 0.2 * size, y, size, font, 0);
  const extracted: ExtractedPage = {
    width: 612,
    height: 792,
    items: Float64Array.from(numbers),
    strings: lines.map((l) => l.text).join(ITEM_SEPARATOR),
    links: [],
  };
  expect(extracted.items.length).toBe(lines.length * ITEM_FIELDS);
  return layoutPage(extracted, n);
}

/** Body text: `rows` full lines of 10 pt from the top margin down. */
const body = (rows: number, from = 82): Line[] =>
  Array.from({ length: rows }, (_, i) => ({ text: 'x'.repeat(93), y: from + i * 12 }));

const facts = (pages: PageLayout[]): FormatFacts => ({
  pages,
  fonts: [{ name: 'Body', embedded: true, bold: false }],
  bodyPages: pages.map((p) => p.page),
  fileBytes: 1000,
});

const rules = (r: Partial<FormatRules>): FormatRules => ({ ...DEFAULT_FORMAT_RULES, enabled: true, ...r });
const notBold = () => false;

describe('margins', () => {
  const ONE_INCH = { top: 1, right: 1, bottom: 1, left: 1 };

  it('ignore a page number below the text and a short running head above it', () => {
    const p = page([{ text: 'ACM ’25', x: 290, y: 40 }, ...body(20), { text: '12', x: 300, y: 760 }]);
    expect(checkMargins(facts([p]), rules({ minMarginsIn: ONE_INCH }))).toEqual([]);
  });

  it('count a running head longer than six characters', () => {
    const p = page([{ text: 'Proceedings of the Symposium', x: 200, y: 40 }, ...body(20)]);
    const [finding] = checkMargins(facts([p]), rules({ minMarginsIn: ONE_INCH }));
    expect(finding.message).toBe('top margin 0.4 in on 1 of 1 pages; minimum 1 in');
    expect(finding.evidence[0].snippet).toBe('Proceedings of the Symposium');
  });

  it('pass text set up to 0.05 in inside the margin', () => {
    const p = page(body(20).map((l) => ({ ...l, x: 69 })));
    expect(checkMargins(facts([p]), rules({ minMarginsIn: ONE_INCH }))).toEqual([]);
  });
});

describe('the body pages', () => {
  it('start the references at a numbered heading, the page counting when body text precedes it', () => {
    const pages = [
      page(body(40), 1),
      page([...body(20), { text: '7 References', y: 340, size: 12 }, ...body(10, 360)], 2),
      page(body(40), 3),
    ];
    const starts = findSections(pages, 10, notBold);
    expect(starts.map((s) => [s.region, s.page])).toEqual([['references', 2]]);
    expect(bodyPageNumbers(pages, starts, { excludeReferences: true, excludeAppendix: false })).toEqual([
      1, 2,
    ]);
    expect(bodyPageNumbers(pages, starts, { excludeReferences: false, excludeAppendix: false })).toEqual([
      1, 2, 3,
    ]);
  });

  it('do not count a references page whose heading opens it, its page number aside', () => {
    const pages = [
      page(body(40), 1),
      page([{ text: 'REFERENCES', y: 82, size: 12 }, ...body(30, 100), { text: '2', x: 300, y: 760 }], 2),
    ];
    expect(
      bodyPageNumbers(pages, findSections(pages, 10, notBold), {
        excludeReferences: true,
        excludeAppendix: false,
      }),
    ).toEqual([1]);
  });

  it('take a lettered appendix heading after the references only when it is set as a heading', () => {
    const pages = [
      page(body(40), 1),
      page(
        [
          { text: 'References', y: 82, size: 12 },
          { text: 'A Survey of Checking', y: 100, size: 9 },
          ...body(10, 120),
        ],
        2,
      ),
      page([{ text: 'A  Proofs', y: 82, size: 12 }, ...body(30, 100)], 3),
    ];
    const starts = findSections(pages, 10, notBold);
    expect(starts.map((s) => [s.region, s.page, s.line.text])).toEqual([
      ['references', 2, 'References'],
      ['appendix', 3, 'A  Proofs'],
    ]);
    expect(bodyPageNumbers(pages, starts, { excludeReferences: true, excludeAppendix: false })).toEqual([
      1, 3,
    ]);
    expect(bodyPageNumbers(pages, starts, { excludeReferences: true, excludeAppendix: true })).toEqual([1]);
  });

  it('do not take body text that starts with the word Appendix for a heading', () => {
    const pages = [page([...body(10), { text: 'Appendix A shows the proofs in full', y: 300 }], 1)];
    expect(findSections(pages, 10, notBold)).toEqual([]);
  });
});

describe('the font tolerance', () => {
  it('passes LaTeX’s 10pt (9.963 PostScript points) and fails 9.5 pt against a 10 pt minimum', () => {
    expect(9.963).toBeGreaterThanOrEqual(10 - fontTolerancePt(10));
    expect(9.5).toBeLessThan(10 - fontTolerancePt(10));
    expect(9.9).toBeLessThan(10 - fontTolerancePt(10));
  });
});

describe('anonymity patterns', () => {
  const jane = { name: 'Jane Q. Doe', email: 'jane.doe@example.org', organization: null };

  it('match a name in any case and spacing, without the middle name, and as initials', () => {
    const found = (text: string) => namePatterns(jane.name).some((p) => new RegExp(p).test(text));
    expect(found('by JANE  Q.  DOE and others')).toBe(true);
    expect(found('Jane Doe')).toBe(true);
    expect(found('as J. Doe showed')).toBe(true);
    expect(found('as J. Q. Doe showed')).toBe(true);
    expect(found('Janet Doerr')).toBe(false);
  });

  it('take a URL with the author’s surname, initial and surname or e-mail name for a personal link', () => {
    for (const url of [
      'https://github.com/jdoe',
      'www.cs.example.edu/~doe/',
      'doe.example.org',
      'https://janedoe.dev',
    ])
      expect([url, urlNamesAuthor(url, jane)]).toEqual([url, true]);
    for (const url of [
      'https://github.com/someone',
      'https://doi.org/10.1/doe',
      'https://example.org/document',
    ])
      expect([url, urlNamesAuthor(url, jane)]).toEqual([url, false]);
  });
});

describe('page lists', () => {
  it('read as ranges', () => {
    expect(pageList([3])).toBe('page 3');
    expect(pageList([2, 3, 4, 5, 6, 7])).toBe('pages 2–7');
    expect(pageList([9, 1, 3, 4, 5])).toBe('pages 1, 3–5, 9');
  });
});
