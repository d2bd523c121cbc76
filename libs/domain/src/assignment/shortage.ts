/**
 * Why a paper has fewer eligible reviewers than the §9 aim (3 reviews per paper): for each paper left short
 * for want of candidates, the reviewers of its track that were not eligible, grouped by the limit that excluded
 * them — no room left under the reviews-per-reviewer limit (named, with their load: the limit counts the
 * reviews of every track), an author of the paper, a conflict of interest, a declined request. Pure; the
 * per-track list of full reviewers is computed once per track.
 */
import type { BuiltModel } from './model.js';
import type { AssignmentId, AssignmentProblem } from './types.js';

/** Reviewers named in one message at most; the rest are counted. */
const NAMED = 10;

const key = (id: AssignmentId) => `${typeof id}:${id}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function shortageReasons(
  problem: AssignmentProblem,
  model: BuiltModel,
  maxPerReviewer: number,
): Map<number, string> {
  const out = new Map<number, string>();
  const trackNames = new Map((problem.tracks ?? []).map((t) => [key(t.id), t.name]));
  const members = new Map<string, number[]>();
  const full = new Map<string, number[]>();
  const membersOf = (track: AssignmentId) => {
    const k = key(track);
    let list = members.get(k);
    if (!list) {
      list = [];
      problem.reviewers.forEach((r, i) => {
        if (r.tracks.some((t) => key(t) === k)) list!.push(i);
      });
      members.set(k, list);
      full.set(
        k,
        list.filter((r) => model.load[r] >= model.cap[r]),
      );
    }
    return list;
  };
  const declinedBy = new Map<string, Set<string>>();
  for (const d of problem.declined ?? []) {
    const k = key(d.paperId);
    let set = declinedBy.get(k);
    if (!set) declinedBy.set(k, (set = new Set()));
    set.add(key(d.reviewerId));
  }
  const conflictsBy = new Map<string, Set<string>>();
  for (const c of model.conflicts) {
    const k = key(c.paperId);
    let set = conflictsBy.get(k);
    if (!set) conflictsBy.set(k, (set = new Set()));
    set.add(key(c.reviewerId));
  }

  problem.papers.forEach((paper, p) => {
    const possible = model.existing[p].length + model.eligible[p];
    if (possible >= model.perPaper) return;
    const head =
      possible === 0
        ? `paper ${paper.id} has no eligible reviewer`
        : `paper ${paper.id} has only ${plural(possible, 'eligible reviewer', 'eligible reviewers')}`;
    const trackName = trackNames.get(key(paper.track)) ?? String(paper.track);
    const track = membersOf(paper.track);
    if (!track.length) {
      out.set(p, `${head}: track ${trackName} has no reviewers`);
      return;
    }
    const existing = new Set(model.existing[p].map(key));
    const authors = new Set(paper.authorIds.map(key));
    const declined = declinedBy.get(key(paper.id));
    const conflicted = conflictsBy.get(key(paper.id));
    const parts: string[] = [];
    const fullHere = full.get(key(paper.track))!.filter((r) => {
      const id = key(problem.reviewers[r].id);
      return !existing.has(id) && !authors.has(id) && !declined?.has(id) && !conflicted?.has(id);
    });
    if (fullHere.length) {
      const named = fullHere
        .slice(0, NAMED)
        .map((r) => {
          const rev = problem.reviewers[r];
          return `${rev.name ?? `reviewer ${rev.id}`} (${model.load[r]} of ${model.cap[r]})`;
        })
        .join(', ');
      const more = fullHere.length > NAMED ? ` and ${fullHere.length - NAMED} more` : '';
      parts.push(
        `${plural(fullHere.length, 'reviewer', 'reviewers')} of track ${trackName} ${fullHere.length === 1 ? 'has' : 'have'} ` +
          `reached the limit of ${maxPerReviewer} reviews per reviewer (counted over every track): ${named}${more}`,
      );
    }
    let authorCount = 0;
    let conflictCount = 0;
    let declinedCount = 0;
    for (const r of track) {
      const id = key(problem.reviewers[r].id);
      if (existing.has(id)) continue;
      if (authors.has(id)) authorCount++;
      else if (conflicted?.has(id)) conflictCount++;
      else if (declined?.has(id)) declinedCount++;
    }
    if (authorCount) parts.push(`${plural(authorCount, 'is an author', 'are authors')} of the paper`);
    if (conflictCount)
      parts.push(`${plural(conflictCount, 'has a conflict', 'have conflicts')} of interest with it`);
    if (declinedCount) parts.push(`${plural(declinedCount, 'has declined', 'have declined')} to review it`);
    if (model.existing[p].length)
      parts.push(
        `${plural(model.existing[p].length, 'reviewer already reviews', 'reviewers already review')} it`,
      );
    if (!parts.length) parts.push(`track ${trackName} has ${plural(track.length, 'reviewer', 'reviewers')}`);
    out.set(p, `${head}: ${parts.join('; ')}`);
  });
  return out;
}
