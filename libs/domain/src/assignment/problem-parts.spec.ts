import { decodeProblemParts, encodeProblemParts } from './problem-parts.js';
import { emptyRows, problemFromRows, ProblemRowsParts } from './worker-rows.js';
import type { AssignmentProblem } from './types.js';

describe('problem parts', () => {
  it('give back the same problem, in several parts, yielding between them', async () => {
    const problem: AssignmentProblem = {
      papers: Array.from({ length: 4500 }, (_, i) => ({
        id: i + 1,
        track: 'T1',
        text: `paper ${i} — réseaux`,
        authorIds: [1000 + i],
        reviewerIds: i % 3 ? [] : [7],
      })),
      reviewers: [{ id: 7, tracks: ['T1'], cap: 4, subjectAreas: ['AI'], keywords: ['graph'] }],
      people: [{ id: 7, organization: 'Univ. of Porto', emails: ['a@up.pt'] }],
      bids: [{ reviewerId: 7, paperId: 2, bid: 'eager' }],
      declined: [],
      tracks: [{ id: 'T1', name: 'Track 1' }],
    };
    let pauses = 0;
    const parts = await encodeProblemParts(problem, async () => {
      pauses++;
    });
    expect(parts.length).toBeGreaterThan(3);
    expect(pauses).toBe(parts.length - 1);
    expect(decodeProblemParts(parts)).toEqual(problem);
  });
});

describe('problem rows parts', () => {
  it('build the problem in the worker from rows read by slices, in the reviewers’ order', () => {
    const out = new ProblemRowsParts();
    const person = (id: number, org: string) => ({
      id,
      organization: org,
      email: `u${id}@${org}.org`,
      alternateEmail: id === 11 ? `alt${id}@x.org` : null,
    });
    out.add('papers', [{ id: 1, trackId: 5, title: 'Graphs', abstractText: 'on réseaux' }]);
    out.add('papers', [{ id: 2, trackId: 5, title: 'Flows', abstractText: 'min cost' }]);
    out.add('reviewerOrder', [11, 10]);
    // read by id, not in the order
    out.add('reviewers', [
      { ...person(10, 'b'), firstName: 'Z', lastName: 'Z', reviewerTracks: [5] },
      { ...person(11, 'a'), firstName: 'A', lastName: 'A', reviewerTracks: [5] },
    ]);
    out.add('authors', [
      { paperId: 1, user: person(20, 'c') },
      { paperId: 2, user: person(10, 'b') },
    ]);
    out.add('requests', [
      { paperId: 1, reviewerId: 11, isCameraReady: false, declined: false },
      { paperId: 2, reviewerId: 11, isCameraReady: false, declined: true },
      { paperId: 2, reviewerId: 11, isCameraReady: true, declined: false },
    ]);
    out.add('bids', [{ reviewerId: 11, paperId: 2, bid: 'eager' }]);
    out.add('overrides', []);
    out.add('declared', [{ reviewerId: 10, userId: 20, reason: 'friend' }]);
    out.add('loads', [
      { id: 10, total: 2, cameraReady: 0 },
      { id: 11, total: 1, cameraReady: 1 },
    ]);
    out.add('reviewerPapers', [
      { paperId: 9, title: 'Old', abstract: 'paper', authorIds: [11] },
      { paperId: 2, title: 'Flows', abstract: 'min cost', authorIds: [10] },
      { paperId: 9, title: 'Old', abstract: 'paper', authorIds: [11] },
    ]);
    expect(out.size).toEqual({ papers: 2, reviewers: 2 });
    const parts = out.parts({ trackId: 5, trackName: 'Track 5', isCameraReady: false });
    expect(parts.every((p) => p.buffer instanceof SharedArrayBuffer)).toBe(true);
    const problem = decodeProblemParts(parts);
    expect(problem).toEqual({
      papers: [
        { id: 1, track: 5, text: 'Graphs\non réseaux', authorIds: [20], reviewerIds: [11] },
        { id: 2, track: 5, text: 'Flows\nmin cost', authorIds: [10], reviewerIds: [] },
      ],
      reviewers: [
        { id: 11, name: 'A A', tracks: [5], load: 1, text: 'Old\npaper' },
        { id: 10, name: 'Z Z', tracks: [5], load: 2, text: 'Flows\nmin cost' },
      ],
      people: [
        { id: 11, organization: 'a', emails: ['u11@a.org', 'alt11@x.org'] },
        { id: 10, organization: 'b', emails: ['u10@b.org'] },
        { id: 20, organization: 'c', emails: ['u20@c.org'] },
      ],
      authorships: [
        { paperId: 1, authorIds: [20] },
        { paperId: 2, authorIds: [10] },
        { paperId: 9, authorIds: [11] },
      ],
      bids: [{ reviewerId: 11, paperId: 2, bid: 'eager' }],
      declaredConflicts: [{ reviewerId: 10, userId: 20, reason: 'friend' }],
      conflictOverrides: [],
      declined: [{ reviewerId: 11, paperId: 2 }],
      tracks: [{ id: 5, name: 'Track 5' }],
    });
    expect(
      problemFromRows(
        { trackId: 5, trackName: 'Track 5', isCameraReady: true },
        {
          ...rowsOf(parts),
        },
      ).papers[1].reviewerIds,
    ).toEqual([11]);
  });
});

/** The rows of parts, decoded as the worker does (for a second build with another header). */
function rowsOf(parts: Uint8Array[]) {
  const rows = emptyRows();
  for (const p of parts.slice(1)) {
    const { rows: kind, items } = JSON.parse(new TextDecoder().decode(p)) as {
      rows: keyof typeof rows;
      items: never[];
    };
    (rows[kind] as unknown[]).push(...items);
  }
  return rows;
}
