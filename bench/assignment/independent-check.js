// The assignment bench's independent checks of a returned flow, written from the generated problem and the
// network alone (nothing of the library's conflict detector, candidate choice or solver is used):
//  - the flow has one entry per arc, 0 or 1;
//  - per paper: reviews given + reviews short = need, given ≤ need;
//  - per reviewer: reviews given ≤ remaining capacity (cap − load, at most 10);
//  - every assigned pair respects the hard constraints of bench/assignment/generate.js's instances: the
//    reviewer is in the paper's track, is not one of its authors nor an existing reviewer, has not declined
//    it nor bid 'conflict' on it, declared no conflict with an author, and shares with no author an
//    organization ("Place N" names the organization in these instances), an institutional mail domain
//    (public providers ignored, "cs." subdomains folded) or a paper (co-authorship);
//  - the cost recomputed from the arcs (Σ cost of the assigned arcs + shortage cost × reviews short) equals
//    the reported objective (bigint compare).
// Returns a list of problems (empty when the flow passes).

const PUBLIC = new Set(['gmail.com', 'outlook.com', 'yahoo.com', 'qq.com', '163.com']);
const orgKey = (name) => /place (\d+)/i.exec(name ?? '')?.[1] ?? null;
const domainKey = (email) => {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return PUBLIC.has(host) ? null : host.replace(/^cs\./, '');
};

/** The facts of the problem the checks need, computed once per instance. */
export function problemFacts(problem) {
  const person = new Map(problem.people.map((p) => [p.id, p]));
  const coauthors = new Map(); // person → Set of co-authors
  for (const a of problem.authorships)
    for (const x of a.authorIds)
      for (const y of a.authorIds) {
        if (x === y) continue;
        if (!coauthors.has(x)) coauthors.set(x, new Set());
        coauthors.get(x).add(y);
      }
  const forbidden = new Set(); // "reviewer:paper" declined or bid 'conflict'
  for (const d of problem.declined ?? []) forbidden.add(`${d.reviewerId}:${d.paperId}`);
  for (const b of problem.bids ?? []) if (b.bid === 'conflict') forbidden.add(`${b.reviewerId}:${b.paperId}`);
  const declaredPeople = new Set((problem.declaredConflicts ?? []).map((d) => `${d.reviewerId}:${d.userId}`));
  return { person, coauthors, forbidden, declaredPeople };
}

/** Why reviewer `rev` may not review paper `paper`, or null. */
export function pairProblem(facts, paper, rev) {
  if (!rev.tracks.includes(paper.track)) return 'not in the track';
  if (paper.authorIds.includes(rev.id)) return 'an author';
  if ((paper.reviewerIds ?? []).includes(rev.id)) return 'already a reviewer';
  if (facts.forbidden.has(`${rev.id}:${paper.id}`)) return 'declined or bid conflict';
  const me = facts.person.get(rev.id);
  const myOrg = orgKey(me?.organization);
  const myDomains = (me?.emails ?? []).map(domainKey).filter(Boolean);
  for (const a of paper.authorIds) {
    if (facts.declaredPeople.has(`${rev.id}:${a}`)) return `declared conflict with author ${a}`;
    if (facts.coauthors.get(rev.id)?.has(a)) return `co-author of author ${a}`;
    const them = facts.person.get(a);
    if (myOrg !== null && orgKey(them?.organization) === myOrg) return `same organization as author ${a}`;
    for (const e of them?.emails ?? []) {
      const d = domainKey(e);
      if (d && myDomains.includes(d)) return `same mail domain as author ${a}`;
    }
  }
  return null;
}

/**
 * Checks `flow` (Uint8Array per arc) and `short` (per paper) against the network `net` (built from
 * `problem`), its shortage cost M and the reported `totalCost` (string or bigint).
 */
export function checkFlow({ problem, facts, net, M, flow, short, totalCost }) {
  const out = [];
  const P = net.papers;
  const E = net.arcReviewer.length;
  if (flow.length !== E) return [`flow has ${flow.length} entries for ${E} arcs`];
  const given = new Int32Array(net.reviewers);
  let cost = 0n;
  let shortTotal = 0n;
  for (let p = 0; p < P && out.length < 10; p++) {
    let n = 0;
    for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++) {
      if (flow[a] > 1) out.push(`arc ${a}: flow ${flow[a]}`);
      if (!flow[a]) continue;
      n++;
      const r = net.arcReviewer[a];
      given[r]++;
      cost += BigInt(net.arcCost[a]);
      const why = pairProblem(facts, problem.papers[p], problem.reviewers[r]);
      if (why) out.push(`paper ${problem.papers[p].id} ← reviewer ${problem.reviewers[r].id}: ${why}`);
    }
    if (short[p] < 0 || n + short[p] !== net.need[p])
      out.push(`paper ${problem.papers[p].id}: ${n} given + ${short[p]} short ≠ need ${net.need[p]}`);
    shortTotal += BigInt(short[p]);
  }
  for (let r = 0; r < net.reviewers && out.length < 10; r++) {
    const rev = problem.reviewers[r];
    const room = Math.max(0, Math.min(10, rev.cap ?? 10) - (rev.load ?? 0));
    if (given[r] > room) out.push(`reviewer ${rev.id}: ${given[r]} given, room ${room}`);
  }
  const recomputed = cost + shortTotal * BigInt(M);
  if (recomputed !== BigInt(totalCost))
    out.push(`cost recomputed from the arcs ${recomputed} ≠ reported ${totalCost}`);
  return out;
}
