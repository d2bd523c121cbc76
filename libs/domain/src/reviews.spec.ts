import { institutionDomain } from './mail-domains.js';
import {
  decisionLabel,
  detectConflicts,
  invitationMail,
  normalizeOrganization,
  parseDecision,
  requestState,
  summarizeReviewScores,
  validateReview,
  type ConflictPerson,
} from './reviews.js';

const person = (id: number, extra: Partial<ConflictPerson> = {}): ConflictPerson => ({
  id,
  firstName: `F${id}`,
  lastName: `L${id}`,
  email: `u${id}@org${id}.edu`,
  organization: `Org ${id}`,
  ...extra,
});
const none = { coauthored: [], declaredPeople: [], declaredPaper: false };

describe('review rules (§5)', () => {
  const full = {
    quality: 5,
    contribution: 5,
    originality: 5,
    final: 0,
    comments: { author: 'a', chair: 'c' },
  };
  it('accepts a complete review and a sparse draft', () => {
    expect(validateReview(full)).toEqual({});
    expect(validateReview({ quality: 3 }, { draft: true })).toEqual({});
  });
  it('requires every field of a submitted review', () => {
    expect(Object.keys(validateReview({}))).toEqual([
      'quality',
      'contribution',
      'originality',
      'final',
      'comments.author',
      'comments.chair',
    ]);
  });
  it('limits comments to 1000, or 5000 on behalf', () => {
    const long = { ...full, comments: { author: 'x'.repeat(1001), chair: 'c' } };
    expect(validateReview(long)['comments.author']).toBe(
      'Comments to authors must be at most 1000 characters',
    );
    expect(validateReview(long, { onBehalf: true })).toEqual({});
  });
  it('treats final -2 as unset and refuses out-of-range scores', () => {
    expect(validateReview({ ...full, final: -2 }).final).toBe('Please choose a final decision');
    expect(validateReview({ ...full, quality: 10.5 }).quality).toBeDefined();
  });
  it('maps decisions to the §3 labels both ways', () => {
    expect([2, 1, 0, -1].map(decisionLabel)).toEqual([
      'accept after revision',
      'accept',
      'reject',
      'not appropriate for its track',
    ]);
    expect(decisionLabel(-2)).toBe('');
    expect(parseDecision('Accept after revision')).toBe(2);
    expect(parseDecision(' -1 ')).toBe(-1);
    expect(parseDecision('maybe')).toBeNull();
    expect(parseDecision(3)).toBeNull();
  });
  it('derives the §4 state', () => {
    expect(requestState({ waiting: true, declined: false, reviewed: false })).toBe('waiting');
    expect(requestState({ waiting: false, declined: false, reviewed: false })).toBe('accepted');
    expect(requestState({ waiting: false, declined: true, reviewed: false })).toBe('declined');
    expect(requestState({ waiting: false, declined: false, reviewed: true })).toBe('reviewed');
  });
  it('words the invitation with the §9 figures', () => {
    const mail = invitationMail({
      reviewerName: 'R',
      paperId: 1,
      paperTitle: 'T',
      trackName: 'K',
      isCameraReady: false,
      replyDueAt: new Date('2030-01-06T00:00:00Z'),
      dueAt: new Date('2030-01-15T00:00:00Z'),
      link: 'http://x/ViewReviewRequest/1',
    });
    expect(mail.text).toMatch(
      /within 5 days \(by 2030-01-06 UTC\).*within 14 days \(by 2030-01-15 UTC\).*about 15 minutes/s,
    );
  });
});

describe('conflicts of interest', () => {
  it('normalizes organizations', () => {
    expect(normalizeOrganization('Univ. of Porto')).toBe(normalizeOrganization('University  of PORTO'));
    expect(normalizeOrganization('Universidade de Lisboa')).toBe('university lisboa');
    expect(normalizeOrganization('École Polytechnique')).toBe('ecole polytechnique');
    // words that are also Object.prototype keys stay words
    expect(normalizeOrganization('Constructor Institute')).toBe('constructor institute');
    expect(normalizeOrganization('toString Labs')).toBe('tostring labs');
  });
  it('reduces e-mail domains to the institution and ignores public providers', () => {
    expect(institutionDomain('a@fe.up.pt')).toBe('up.pt');
    expect(institutionDomain('a@cs.ox.ac.uk')).toBe('ox.ac.uk');
    expect(institutionDomain('a@gmail.com')).toBeNull();
    expect(institutionDomain('a@mail.example.org')).toBe('example.org');
    // The Public Suffix List, not a hand-written rule: one organisation per registrable domain.
    expect(institutionDomain('a@cs.example.edu')).toBe(institutionDomain('b@example.edu'));
    expect(institutionDomain('a@example.co.uk')).not.toBe(institutionDomain('b@other.co.uk'));
    expect(institutionDomain('a@dept.uni-example.com.br')).toBe('uni-example.com.br');
    // A private suffix (github.io) keeps its users apart.
    expect(institutionDomain('a@alice.github.io')).not.toBe(institutionDomain('b@bob.github.io'));
    // Public providers from the maintained list, incl. ones a hand-written list forgets.
    for (const p of ['gmail.com', 'qq.com', 'yandex.ru', 'gmx.de', 'outlook.com'])
      expect(institutionDomain(`someone@${p}`)).toBeNull();
  });
  it('finds nothing between strangers', () => {
    expect(detectConflicts({ reviewer: person(1), authors: [person(2)], ...none })).toEqual([]);
  });
  it('flags each kind with its evidence', () => {
    const reviewer = person(1, { organization: 'ACME Corp.', email: 'r@research.acme.com' });
    const author = person(2, { organization: 'acme corporation', email: 'a@acme.com' });
    const flags = detectConflicts({
      reviewer,
      authors: [author],
      coauthored: [{ authorId: 2, paperId: 9, title: 'Joint' }],
      declaredPeople: [{ userId: 2, reason: 'friend' }],
      declaredPaper: true,
    });
    expect(flags.map((f) => f.kind)).toEqual([
      'declared',
      'organization',
      'emailDomain',
      'coauthorship',
      'declared',
    ]);
    expect(flags[2]!.evidence).toBe('Same e-mail domain as F2 L2: acme.com');
    expect(flags[3]!.evidence).toBe('Co-authored paper #9 "Joint" with F2 L2');
    expect(flags[4]!.evidence).toBe('The reviewer declared a conflict with F2 L2: friend');
  });
  it('never flags a shared public provider or an empty organization', () => {
    const flags = detectConflicts({
      reviewer: person(1, { email: 'x@gmail.com', organization: '' }),
      authors: [person(2, { email: 'y@gmail.com', organization: '' })],
      ...none,
    });
    expect(flags).toEqual([]);
  });
});

describe('summarizeReviewScores', () => {
  const review = (final: number, q: number | null, draft = false) => ({
    draft,
    final,
    quality: q,
    contribution: q === null ? null : q + 1,
    originality: q,
  });

  it('gives the mean and the spread of the final recommendations and the mean of each score', () => {
    expect(summarizeReviewScores([review(2, 7), review(1, 5), review(0, 3)])).toEqual({
      count: 3,
      average: 1,
      spread: 2,
      quality: 5,
      contribution: 6,
      originality: 5,
    });
  });

  it('leaves out drafts and unset finals, and is null without a submitted review', () => {
    expect(summarizeReviewScores([review(1, 4, true), review(-2, 4)])).toBeNull();
    expect(summarizeReviewScores([review(-1, null), review(1, 8, true)])).toMatchObject({
      count: 1,
      average: -1,
      spread: 0,
      quality: null,
    });
  });
});
