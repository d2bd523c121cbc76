import { findConflicts } from './conflicts.js';
import { AssignmentCancelledError } from './flow.js';
import { buildModel } from './model.js';
import { checkAssignmentFeasibility, solveAssignment } from './solve.js';
import { cosine, tfidfVectors, tokenize } from './text.js';
import type { AssignmentPaper, AssignmentProblem, AssignmentReviewer, BidKind } from './types.js';
import { seededRandom } from '../testing/seeded-random.js';

const rng = (seed: number) => seededRandom(seed).next;

const paper = (id: number, extra: Partial<AssignmentPaper> = {}): AssignmentPaper => ({
  id,
  track: 1,
  text: `paper ${id}`,
  authorIds: [1000 + id],
  ...extra,
});
const reviewer = (id: number, extra: Partial<AssignmentReviewer> = {}): AssignmentReviewer => ({
  id,
  tracks: [1],
  ...extra,
});
const proposedOf = (problem: AssignmentProblem, options = {}) =>
  Object.fromEntries(
    solveAssignment(problem, options).papers.map((p) => [
      p.paperId,
      p.proposed.map((r) => r.reviewerId).sort(),
    ]),
  );

describe('text similarity', () => {
  it('tokenizes without accents, stopwords or plurals, and scores related texts higher', () => {
    expect(tokenize('The Graphs of Réseaux and networks')).toEqual(['graph', 'reseaux', 'network']);
    const [a, b, c] = tfidfVectors([
      tokenize('graph neural networks for molecules'),
      tokenize('molecules and graph networks'),
      tokenize('compiler optimization of loops'),
    ]);
    expect(cosine(a, a)).toBeCloseTo(1, 10);
    expect(cosine(a, b)).toBeGreaterThan(0.3);
    expect(cosine(a, c)).toBe(0);
  });
});

describe('automatic assignment', () => {
  it('proposes the best reviewers with the affinity parts (bid, subject area, text)', () => {
    const problem: AssignmentProblem = {
      papers: [
        paper(1, { subjectAreas: ['Databases'], text: 'query optimization in relational databases' }),
        paper(2, { subjectAreas: ['Vision'], text: 'image segmentation with convolutional networks' }),
      ],
      reviewers: [
        reviewer(10, { subjectAreas: ['databases'], text: 'relational query optimization and indexes' }),
        reviewer(11, { subjectAreas: ['vision'], text: 'convolutional networks for image segmentation' }),
      ],
      bids: [
        { reviewerId: 10, paperId: 1, bid: 'eager' },
        { reviewerId: 11, paperId: 2, bid: 'willing' },
      ],
    };
    const result = solveAssignment(problem, { reviewsPerPaper: 1 });
    expect(result.papers.map((p) => p.proposed.map((r) => r.reviewerId))).toEqual([[10], [11]]);
    const r10 = result.papers[0].proposed[0];
    expect(r10.parts.bid).toBe(1);
    expect(r10.parts.subject).toBe(1);
    expect(r10.parts.text).toBeGreaterThan(0);
    expect(r10.bid).toBe('eager');
    expect(r10.affinity).toBeCloseTo(r10.parts.bid + r10.parts.subject + r10.parts.text, 3);
    expect(result.objective.assigned).toBe(2);
    expect(result.fairness.papersShort).toBe(0);
    // paper 2's reviewer has the same text (similarity 1 × weight 2) but only a 'willing' bid
    expect(result.papers[1].proposed[0].parts).toEqual({ bid: 0.5, subject: 1, text: 2 });
    expect(result.fairness.lowestAffinityPaper).toEqual({ paperId: 1, affinity: r10.affinity });
  });

  it('gives every paper min(3, eligible) reviews and caps reviewers at 10 (or their own cap)', () => {
    const papers = Array.from({ length: 10 }, (_, i) => paper(i + 1));
    const reviewers = [reviewer(50), reviewer(51), reviewer(52, { cap: 4 }), reviewer(53, { cap: 20 })];
    const result = solveAssignment({ papers, reviewers });
    // 30 reviews needed, 10 + 10 + 4 + 10 = 34 available
    expect(result.papers.every((p) => p.proposed.length === 3 && p.short === 0)).toBe(true);
    const loads = new Map<unknown, number>();
    for (const p of result.papers) for (const r of p.proposed) loads.set(r.reviewerId, r.load);
    expect(loads.get(52)).toBeLessThanOrEqual(4);
    expect(loads.get(53)).toBeLessThanOrEqual(10);
    expect(result.feasibility.feasible).toBe(true);
  });

  it('names the binding track constraint when the reviewers cannot cover a track', () => {
    const problem: AssignmentProblem = {
      papers: Array.from({ length: 5 }, (_, i) => paper(i + 1, { track: 7 })),
      reviewers: [reviewer(1, { tracks: [7], cap: 3 }), reviewer(2, { tracks: [7], cap: 3 })],
      tracks: [{ id: 7, name: 'Security' }],
    };
    const feasibility = checkAssignmentFeasibility(problem);
    expect(feasibility.feasible).toBe(false);
    expect(feasibility.needed).toBe(10);
    expect(feasibility.maxAssignable).toBe(6);
    expect(feasibility.binding).toHaveLength(1);
    expect(feasibility.binding[0].kind).toBe('track');
    expect(feasibility.binding[0].message).toBe(
      'track Security needs 10 reviews; its 2 eligible reviewers can give 6',
    );
    expect(feasibility.fewEligible.map((f) => f.message)).toContain(
      'paper 1 has only 2 eligible reviewers: track Security has 2 reviewers',
    );
    const result = solveAssignment(problem);
    // short of the §9 aim of 3: 15 reviews wanted, 6 given
    expect(result.fairness.papersShort).toBe(5);
    expect(result.fairness.reviewsShort).toBe(9);
    for (const p of result.papers) {
      expect(p.target).toBe(3);
      expect(p.shortReason).toContain(`paper ${p.paperId} has only 2 eligible reviewers`);
      // the papers the flow could not serve in full also name the binding constraint
      if (p.proposed.length < 2) expect(p.shortReason).toContain(feasibility.binding[0].message);
    }
  });

  it('notes papers with few eligible reviewers and names the binding track or group of papers', () => {
    // paper 1 may only be reviewed by reviewer 1 (the others conflict); reviewer 1 is already full
    const problem: AssignmentProblem = {
      papers: [paper(1, { authorIds: [500] }), paper(2)],
      reviewers: [reviewer(1, { cap: 2, load: 2 }), reviewer(2), reviewer(3), reviewer(4)],
      declaredConflicts: [
        { reviewerId: 2, userId: 500 },
        { reviewerId: 3, userId: 500 },
        { reviewerId: 4, paperId: 1 },
      ],
    };
    const f = checkAssignmentFeasibility(problem);
    expect(f.fewEligible).toEqual([
      {
        paperId: 1,
        eligible: 0,
        message:
          'paper 1 has no eligible reviewer: 1 reviewer of track 1 has reached the limit of 10 reviews per ' +
          'reviewer (counted over every track): reviewer 1 (2 of 2); 3 have conflicts of interest with it',
      },
    ]);
    expect(f.feasible).toBe(true); // its target is lowered to what exists
    // reviewer 1 (room for 2) is wanted by all three papers: one review is missing in the track
    const problem2: AssignmentProblem = {
      papers: [paper(1, { authorIds: [500] }), paper(2), paper(3)],
      reviewers: [reviewer(1, { cap: 2 }), reviewer(2), reviewer(3)],
      declaredConflicts: [{ reviewerId: 2, userId: 500 }],
    };
    const f2 = checkAssignmentFeasibility(problem2);
    expect(f2.binding.map((b) => b.message)).toEqual([
      'track 1 needs 8 reviews; its 3 eligible reviewers can give 7',
    ]);
    // two papers of the track can only be reviewed by reviewer 1 (room for one): a group binds, not the track
    const group: AssignmentProblem = {
      papers: [paper(1, { authorIds: [500] }), paper(2, { authorIds: [501] }), paper(3)],
      reviewers: [reviewer(1, { cap: 1 }), reviewer(2), reviewer(3), reviewer(4)],
      declaredConflicts: [2, 3, 4].flatMap((r) => [
        { reviewerId: r, userId: 500 },
        { reviewerId: r, userId: 501 },
      ]),
    };
    const fg = checkAssignmentFeasibility(group);
    expect(fg.binding).toEqual([
      expect.objectContaining({
        kind: 'group',
        paperIds: [1, 2],
        message: '2 papers of track 1 need 2 reviews; their 1 eligible reviewer can give 1',
      }),
    ]);
    const solved = solveAssignment(group);
    expect(solved.papers[2].proposed.map((r) => r.reviewerId).sort()).toEqual([2, 3, 4]);
    // papers 1 and 2 have one eligible reviewer each (short of the §9 aim); the one it could not serve also
    // names the binding group
    expect(solved.papers.filter((p) => p.short > 0).map((p) => p.paperId)).toEqual([1, 2]);
    expect(solved.papers.filter((p) => p.shortReason?.includes(fg.binding[0].message))).toHaveLength(1);
    const problem3: AssignmentProblem = {
      papers: [paper(1, { authorIds: [500] }), paper(2), paper(3)],
      reviewers: [reviewer(1, { cap: 1 }), reviewer(2), reviewer(3, { cap: 1 })],
      declaredConflicts: [{ reviewerId: 2, userId: 500 }],
      bids: [
        { reviewerId: 1, paperId: 2, bid: 'eager' },
        { reviewerId: 3, paperId: 3, bid: 'eager' },
      ],
    };
    // paper 1 needs 2 (reviewers 1 and 3), papers 2 and 3 need 3 each (reviewers 1, 2, 3): 8 reviews;
    // reviewers 1 and 3 can give one each and reviewer 2 one per paper 2 and 3: 4
    const f3 = checkAssignmentFeasibility(problem3);
    expect(f3.feasible).toBe(false);
    expect(f3.binding[0].kind).toBe('track');
    expect(f3.binding[0].message).toBe('track 1 needs 8 reviews; its 3 eligible reviewers can give 4');
  });

  it('never assigns a conflicted pair, and says why', () => {
    const problem: AssignmentProblem = {
      papers: [paper(1, { authorIds: [100, 101] }), paper(2, { authorIds: [102] })],
      reviewers: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => reviewer(id)),
      people: [
        { id: 100, organization: 'Universidade do Porto', emails: ['a@gmail.com'] },
        { id: 101, organization: 'ACME', emails: ['b@cs.tum.de'] },
        { id: 102, organization: 'Somewhere', emails: ['c@gmail.com'] },
        { id: 1, organization: 'Univ. of Porto', emails: ['r1@x.org'] }, // same organization as 100
        { id: 2, organization: 'Other', emails: ['r2@tum.de'] }, // same e-mail domain as 101
        { id: 3, organization: 'Other', emails: ['r3@gmail.com'] }, // public domain: no conflict
        { id: 8, organization: 'Elsewhere', emails: ['r8@163.com'] },
      ],
      authorships: [{ paperId: 99, authorIds: [4, 101] }], // reviewer 4 co-authored with 101 elsewhere
      declaredConflicts: [
        { reviewerId: 5, userId: 100, reason: 'former advisor' },
        { reviewerId: 6, paperId: 1 },
      ],
      bids: [{ reviewerId: 7, paperId: 1, bid: 'conflict' }],
    };
    const conflicts = findConflicts(problem);
    const kinds = Object.fromEntries(
      conflicts.filter((c) => c.paperId === 1).map((c) => [c.reviewerId, c.evidence.map((e) => e.kind)]),
    );
    expect(kinds).toEqual({
      1: ['organization'],
      2: ['emailDomain'],
      4: ['coauthorship'],
      5: ['declared'],
      6: ['declared'],
      7: ['declared'],
    });
    expect(conflicts.find((c) => c.reviewerId === 2)?.evidence[0].detail).toBe(
      'same e-mail domain: tum.de (author #101)',
    );
    expect(conflicts.find((c) => c.reviewerId === 5)?.evidence[0].detail).toBe(
      'declared by the reviewer: former advisor (author #100)',
    );
    const result = solveAssignment(problem);
    expect(result.papers[0].proposed.map((r) => r.reviewerId).sort()).toEqual([3, 8, 9]);
    expect(result.conflicts.filter((c) => c.paperId === 1)).toHaveLength(6);
  });

  it('keeps existing requests, counts them in the target and the loads, and skips declined pairs and authors', () => {
    const problem: AssignmentProblem = {
      papers: [paper(1, { reviewerIds: [1, 2], authorIds: [3] }), paper(2)],
      reviewers: [
        reviewer(1, { load: 1 }),
        reviewer(2, { cap: 2, load: 2 }),
        reviewer(3),
        reviewer(4),
        reviewer(5),
      ],
      declined: [{ reviewerId: 4, paperId: 1 }],
    };
    const result = solveAssignment(problem);
    const [p1, p2] = result.papers;
    expect(p1.existing).toEqual([1, 2]);
    expect(p1.target).toBe(3);
    expect(p1.proposed.map((r) => r.reviewerId)).toEqual([5]); // 1, 2 existing; 3 author; 4 declined
    expect(p2.proposed.map((r) => r.reviewerId).sort()).toEqual([1, 3, 4]); // 2 is full (cap 2, load 2)
    expect(p2.proposed.find((r) => r.reviewerId === 1)?.load).toBe(2);
  });

  it('keeps only the K best candidates per paper and stays deterministic', () => {
    const problem: AssignmentProblem = {
      papers: [paper(1, { text: 'graph algorithms' })],
      reviewers: [1, 2, 3, 4, 5].map((id) =>
        reviewer(id, { text: id <= 3 ? 'graph algorithms' : 'biology' }),
      ),
    };
    const model = buildModel(problem, { candidatesPerPaper: 3 });
    expect(Array.from(model.network.arcReviewer)).toEqual([0, 1, 2]);
    expect(proposedOf(problem, { candidatesPerPaper: 3 })).toEqual(
      proposedOf(problem, { candidatesPerPaper: 3 }),
    );
  });

  it('can be cancelled, with progress reported first', () => {
    const problem: AssignmentProblem = {
      papers: Array.from({ length: 300 }, (_, i) => paper(i + 1)),
      reviewers: Array.from({ length: 100 }, (_, i) => reviewer(i + 1)),
    };
    const signal = { aborted: false };
    const phases: string[] = [];
    expect(() =>
      solveAssignment(problem, {
        signal,
        onProgress: (p) => {
          phases.push(p.phase);
          if (p.phase === 'solve' && p.done > 0) signal.aborted = true;
        },
      }),
    ).toThrow(AssignmentCancelledError);
    expect(phases).toContain('prepare');
    expect(phases).toContain('solve');
  });

  it('satisfies every hard constraint and matches brute force on 200 random seeded instances', () => {
    const next = rng(4242);
    const int = (n: number) => Math.floor(next() * n);
    for (let iter = 0; iter < 200; iter++) {
      const nPapers = 1 + int(3);
      const nReviewers = 1 + int(5);
      const reviewers: AssignmentReviewer[] = Array.from({ length: nReviewers }, (_, i) =>
        reviewer(i + 1, {
          tracks: next() < 0.8 ? [1] : [1, 2].slice(int(2)),
          cap: 1 + int(4),
          load: int(2),
          subjectAreas: next() < 0.5 ? ['a'] : ['b'],
          text: next() < 0.5 ? 'graphs networks' : 'proteins cells',
        }),
      );
      const papers: AssignmentPaper[] = Array.from({ length: nPapers }, (_, i) =>
        paper(i + 1, {
          track: 1 + int(2),
          subjectAreas: [next() < 0.5 ? 'a' : 'b'],
          text: next() < 0.5 ? 'graphs' : 'cells',
          authorIds: next() < 0.3 ? [1 + int(nReviewers)] : [900 + i],
          reviewerIds: next() < 0.3 ? [1 + int(nReviewers)] : [],
        }),
      );
      const kinds: BidKind[] = ['eager', 'willing', 'notWilling', 'conflict'];
      const problem: AssignmentProblem = {
        papers,
        reviewers,
        bids: Array.from({ length: int(4) }, () => ({
          reviewerId: 1 + int(nReviewers),
          paperId: 1 + int(nPapers),
          bid: kinds[int(4)],
        })),
        declined: Array.from({ length: int(2) }, () => ({
          reviewerId: 1 + int(nReviewers),
          paperId: 1 + int(nPapers),
        })),
        people: reviewers
          .map((r) => ({ id: r.id, organization: `org ${int(3)}` }))
          .concat(papers.map((p, i) => ({ id: 900 + i, organization: `org ${int(3)}` }))),
      };
      const result = solveAssignment(problem);
      const model = buildModel(problem);
      const conflicted = new Set(findConflicts(problem).map((c) => `${c.reviewerId}/${c.paperId}`));
      const load = new Map(reviewers.map((r) => [r.id, r.load ?? 0]));
      for (const pa of result.papers) {
        const p = papers.find((x) => x.id === pa.paperId)!;
        for (const pr of pa.proposed) {
          const r = reviewers.find((x) => x.id === pr.reviewerId)!;
          expect(r.tracks).toContain(p.track);
          expect(p.authorIds).not.toContain(r.id);
          expect(p.reviewerIds).not.toContain(r.id);
          expect(conflicted.has(`${r.id}/${p.id}`)).toBe(false);
          expect(problem.declined!.some((d) => d.reviewerId === r.id && d.paperId === p.id)).toBe(false);
          expect(
            problem.bids!.some((b) => b.reviewerId === r.id && b.paperId === p.id && b.bid === 'conflict'),
          ).toBe(false);
          load.set(r.id, load.get(r.id)! + 1);
        }
        expect(new Set(pa.proposed.map((r) => r.reviewerId)).size).toBe(pa.proposed.length);
        expect(pa.existing.length + pa.proposed.length + pa.short).toBe(
          Math.max(pa.existing.length, pa.target),
        );
        expect(pa.target).toBeLessThanOrEqual(Math.max(3, pa.existing.length));
      }
      for (const r of reviewers) {
        if ((r.load ?? 0) <= Math.min(10, r.cap ?? 10))
          expect(load.get(r.id)).toBeLessThanOrEqual(Math.min(10, r.cap ?? 10));
        else expect(load.get(r.id)).toBe(r.load);
      }
      // optimality: brute force over every choice of eligible reviewers per paper (lexicographic: reviews, affinity)
      const net = model.network;
      let best = { given: -1, cost: Infinity };
      const rem = Array.from(net.capacity);
      const go = (pi: number, given: number, cost: number) => {
        if (pi === net.papers) {
          if (given > best.given || (given === best.given && cost < best.cost)) best = { given, cost };
          return;
        }
        const from = net.arcStart[pi];
        const n = net.arcStart[pi + 1] - from;
        for (let mask = 0; mask < 1 << n; mask++) {
          const chosen = [...Array(n).keys()].filter((i) => mask & (1 << i));
          if (chosen.length > net.need[pi] || chosen.some((i) => rem[net.arcReviewer[from + i]] <= 0))
            continue;
          for (const i of chosen) rem[net.arcReviewer[from + i]]--;
          go(pi + 1, given + chosen.length, cost + chosen.reduce((s, i) => s + net.arcCost[from + i], 0));
          for (const i of chosen) rem[net.arcReviewer[from + i]]++;
        }
      };
      go(0, 0, 0);
      expect(result.objective.assigned).toBe(best.given);
      expect(Math.round(-result.objective.affinity * model.scale)).toBe(best.cost);
    }
  });
});
