/// <reference types="jest" />
import { PROGRAMME_MESSAGES as M, type PersonRef } from '@symposium/domain';
import { checkDrafts, mergeDraft, moveOutcome, movePaper, type BuilderDraft } from './builder-drafts';

const sam: PersonRef = {
  _id: 9,
  firstName: 'Sam',
  lastName: 'Sessions',
  email: 'sam@example.org',
  organization: 'Porto',
};

const draft = (key: number, papers: number[]): BuilderDraft => ({
  key,
  number: String(key),
  title: `Session ${key}`,
  responsables: [sam],
  papers,
  event: '',
  room: '1',
});

describe('moving papers between proposed sessions (issue 21 item 19)', () => {
  const drafts = [draft(1, [11, 12]), draft(2, [21, 22, 23]), draft(3, [31])];

  it('moves a paper when its session keeps the minimum', () => {
    expect(moveOutcome(drafts, 2, 2)).toEqual({ kind: 'move' });
    expect(movePaper(drafts, 21, 1).map((d) => d.papers)).toEqual([[11, 12, 21], [22, 23], [31]]);
  });

  it('merges a session that would fall under the minimum: all its papers move, the session is removed', () => {
    expect(moveOutcome(drafts, 1, 2)).toEqual({ kind: 'merge', papers: [11, 12] });
    const merged = mergeDraft(drafts, 1, 2);
    expect(merged.map((d) => [d.key, d.papers])).toEqual([
      [2, [21, 22, 23, 11, 12]],
      [3, [31]],
    ]);
  });

  it('never leaves a session empty, even with a minimum of one', () => {
    expect(moveOutcome(drafts, 3, 1)).toEqual({ kind: 'merge', papers: [31] });
    expect(mergeDraft(drafts, 3, 1).map((d) => [d.key, d.papers])).toEqual([
      [1, [11, 12, 31]],
      [2, [21, 22, 23]],
    ]);
  });

  it('flags a session under the minimum when applying, with what to do', () => {
    const errors = checkDrafts(drafts, [], new Map(), 2);
    expect(Object.keys(errors)).toEqual(['3']);
    expect(errors[3]!.papers).toBe(M.builderUnderMinimum(1, 2));
    expect(M.builderUnderMinimum(1, 2)).toContain('move them to another session or leave the session out');
  });
});
