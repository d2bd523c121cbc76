import { decodeProblemParts, encodeProblemParts } from './problem-parts.js';
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
