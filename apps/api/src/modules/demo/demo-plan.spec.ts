import {
  abstractError,
  findClashes,
  MAX_REVIEWS_PER_PAPER,
  MAX_REVIEWS_PER_REVIEWER,
  titleError,
  type ClashInput,
} from '@symposium/domain';
import {
  AUTHOR,
  AUTHOR_REJECTED,
  AUTHOR_UNDER_REVIEW,
  PAPER_STATES,
  planDemo,
  TUTORIALS,
  REVIEWER,
  SESSION_CHAIR,
  type DemoPlan,
  type PlannedSession,
} from './demo-plan.js';
import { seedOf } from './demo-random.js';

const NOW = new Date('2026-03-01T10:00:00Z');

/** The plan's programme as the clash check sees it (ids by position). */
function clashInput(plan: DemoPlan, sessions: PlannedSession[]): ClashInput {
  const events = plan.days.flatMap((d, day) => d.events.map((e) => ({ e, day })));
  const name = (i: number) => `${plan.people[i]!.firstName} ${plan.people[i]!.lastName}`;
  return {
    days: plan.days.map((d, i) => ({ id: i + 1, isoDate: d.date })),
    events: events.map(({ e, day }, i) => ({
      id: i + 1,
      dayId: day + 1,
      type: e.type,
      start: e.start,
      end: e.end,
    })),
    rooms: plan.rooms.map((r, i) => ({ id: i + 1, name: r.name })),
    sessions: sessions.map((s) => ({
      kind: s.kind,
      id: s.number,
      title: s.title,
      eventId: s.event ? events.findIndex((x) => x.e === s.event) + 1 : null,
      roomId: s.room + 1,
      people: [
        ...s.papers.flatMap((p) =>
          plan.papers[p]!.authors.map((a) => ({ id: a, name: name(a), role: 'author' as const })),
        ),
        ...s.chairs.map((c) => ({ id: c, name: name(c), role: 'chair' as const })),
      ],
    })),
  };
}

describe('planDemo', () => {
  const plan = planDemo({ papers: 60, seed: 7, now: NOW });

  it('plans the same conference from the same seed, whatever the time, and another from another seed', () => {
    const later = planDemo({ papers: 60, seed: 7, now: new Date('2031-07-15T00:00:00Z') });
    expect(later.papers.map((p) => [p.title, p.state, p.authors])).toEqual(
      plan.papers.map((p) => [p.title, p.state, p.authors]),
    );
    expect(later.requests.map((r) => [r.paper, r.reviewer, r.state])).toEqual(
      plan.requests.map((r) => [r.paper, r.reviewer, r.state]),
    );
    const other = planDemo({ papers: 60, seed: 8, now: NOW });
    expect(other.papers.map((p) => p.title)).not.toEqual(plan.papers.map((p) => p.title));
    expect(seedOf('2027')).toBe(2027);
    expect(seedOf('icoss')).toBe(seedOf('icoss'));
    expect(seedOf('icoss')).not.toBe(seedOf('icos'));
  });

  it('has papers in every state with unique titles and abstracts the submission rules accept', () => {
    for (const state of PAPER_STATES) expect(plan.papers.some((p) => p.state === state)).toBe(true);
    expect(new Set(plan.papers.map((p) => p.title.toLowerCase())).size).toBe(60);
    for (const p of plan.papers) {
      expect(titleError(p.title)).toBeNull();
      expect(abstractError(p.abstract, 3000)).toBeNull();
      expect(p.authors).toContain(p.primary);
      expect(new Set(p.authors).size).toBe(p.authors.length);
    }
    expect(plan.papers.some((p) => p.authors.length > 2)).toBe(true);
  });

  it('gives the demo authors an accepted paper with its camera-ready version, a rejected one and one under review', () => {
    const of = (who: number) => plan.papers.filter((p) => p.authors.includes(who));
    expect(
      of(AUTHOR)
        .map((p) => p.state)
        .sort(),
    ).toEqual(['accepted', 'submitted']);
    const accepted = of(AUTHOR).find((p) => p.state === 'accepted')!;
    expect(accepted.cameraReadyAt).toBeDefined();
    expect(accepted.registration?.main.author).toBe(AUTHOR);
    expect(of(AUTHOR_REJECTED).map((p) => p.decision)).toEqual(['Reject']);
    expect(of(AUTHOR_UNDER_REVIEW).map((p) => p.state)).toEqual(['underReview']);
  });

  it.each([60, 2000])(
    'keeps the §9 limits and no reviewer reviews a paper of their own institution (%i papers)',
    (n) => {
      const p = n === 60 ? plan : planDemo({ papers: n, seed: 3, now: NOW });
      const perPaper = new Map<number, number>();
      const perReviewer = new Map<number, number>();
      const pairs = new Set<string>();
      for (const r of p.requests) {
        const paper = p.papers[r.paper]!;
        const reviewer = p.people[r.reviewer]!;
        expect(pairs.has(`${r.paper}:${r.reviewer}`)).toBe(false);
        pairs.add(`${r.paper}:${r.reviewer}`);
        expect(reviewer.reviewerTracks).toContain(paper.track);
        for (const a of paper.authors) {
          expect(a).not.toBe(r.reviewer);
          expect(p.people[a]!.organization).not.toBe(reviewer.organization);
        }
        expect(['submitted', 'withdrawn']).not.toContain(paper.state);
        if (r.state === 'declined') continue;
        perPaper.set(r.paper, (perPaper.get(r.paper) ?? 0) + 1);
        perReviewer.set(r.reviewer, (perReviewer.get(r.reviewer) ?? 0) + 1);
      }
      expect(Math.max(...perPaper.values())).toBeLessThanOrEqual(MAX_REVIEWS_PER_PAPER);
      expect(Math.max(...perReviewer.values())).toBeLessThanOrEqual(MAX_REVIEWS_PER_REVIEWER);
      // decided papers have three reviews; a paper under review still waits for one at least
      p.papers.forEach((paper, i) => {
        const mine = p.requests.filter((r) => r.paper === i && r.state !== 'declined');
        // (tutorial proposals are chosen by the chairs, without reviews)
        if (paper.decision && paper.track !== TUTORIALS)
          expect(mine.filter((r) => r.state === 'reviewed')).toHaveLength(3);
        if (paper.track === TUTORIALS) expect(mine).toEqual([]);
        if (paper.state === 'underReview') expect(mine.some((r) => r.state !== 'reviewed')).toBe(true);
        if (paper.state === 'reviewed') expect(mine.every((r) => r.state === 'reviewed')).toBe(true);
      });
    },
  );

  it('has two accepted tutorial proposals: one scheduled after the closing, with its presenter, one to schedule', () => {
    const tutorials = plan.papers.flatMap((p, i) => (p.track === TUTORIALS ? [i] : []));
    expect(tutorials).toHaveLength(2);
    expect(tutorials.map((i) => plan.papers[i]!.state)).toEqual(['accepted', 'accepted']);
    const sessions = plan.sessions.filter((s) => s.kind === 'tutorial');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.papers).toEqual([tutorials[0]]);
    expect(sessions[0]!.presenter).toBe(plan.papers[tutorials[0]!]!.primary);
    expect(sessions[0]!.event).toMatchObject({ type: 'Tutorial', start: '16:00', end: '18:00' });
    // no technical or poster session holds a tutorial
    for (const s of plan.sessions.filter((x) => x.kind !== 'tutorial'))
      for (const i of s.papers) expect(plan.papers[i]!.track).not.toBe(TUTORIALS);
    // a small demo has none
    expect(planDemo({ papers: 10, seed: 1, now: NOW }).papers.some((p) => p.track === TUTORIALS)).toBe(false);
  });

  it('gives the demo reviewer a request in every state, with a draft on the accepted one', () => {
    const mine = plan.requests.filter((r) => r.reviewer === REVIEWER);
    expect(new Set(mine.map((r) => r.state))).toEqual(
      new Set(['waiting', 'accepted', 'declined', 'reviewed']),
    );
    expect(mine.find((r) => r.state === 'accepted')!.review?.draft).toBe(true);
  });

  it.each([60, 2000])(
    'publishes a programme without clashes; the late session of the draft double-books one room (%i papers)',
    (n) => {
      const p = n === 60 ? plan : planDemo({ papers: n, seed: 3, now: NOW });
      expect(findClashes(clashInput(p, p.sessions))).toEqual([]);
      const withLate = findClashes(clashInput(p, [...p.sessions, p.lateSession!]));
      expect(withLate.map((c) => c.type)).toEqual(['room']);
      const scheduled = p.sessions.flatMap((s) => s.papers);
      expect(new Set(scheduled).size).toBe(scheduled.length);
      for (const i of scheduled) expect(p.papers[i]!.state).toBe('accepted');
      expect(p.sessions.filter((s) => s.chairs.includes(SESSION_CHAIR)).length).toBeGreaterThanOrEqual(1);
      expect(p.sessions[0]!.papers).toContain(0);
    },
  );
});
