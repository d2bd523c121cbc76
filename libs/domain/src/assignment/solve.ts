/**
 * The optimal automatic assignment: build the network, check feasibility (naming the binding
 * constraint), solve the min-cost flow exactly, and report per paper its reviewers with the reasons
 * and the fairness figures. Synchronous and deterministic; see worker.ts to run it off the main thread.
 */
import { bindingConstraints, maxAssignable, type MaxFlowResult } from './feasibility.js';
import { solveAssignmentFlow } from './flow.js';
import { BID_KINDS, buildModel, type BuiltModel } from './model.js';
import { shortageReasons } from './shortage.js';
import type {
  AssignedReviewer,
  AssignmentId,
  AssignmentOptions,
  AssignmentProblem,
  AssignmentResult,
  FeasibilityReport,
  PaperAssignment,
} from './types.js';

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function describer(problem: AssignmentProblem) {
  const names = new Map<string, string>();
  for (const t of problem.tracks ?? []) names.set(`${typeof t.id}:${t.id}`, t.name);
  return {
    paperId: (p: number) => problem.papers[p].id,
    track: (p: number) => problem.papers[p].track,
    trackName: (t: AssignmentId) => names.get(`${typeof t}:${t}`) ?? String(t),
  };
}

function feasibilityReport(
  problem: AssignmentProblem,
  model: BuiltModel,
  mf: MaxFlowResult,
  lacking: Map<number, string>,
): FeasibilityReport {
  const { binding } = bindingConstraints(model.network, mf, describer(problem));
  const fewEligible: FeasibilityReport['fewEligible'] = [];
  for (const [p, message] of lacking)
    fewEligible.push({
      paperId: problem.papers[p].id,
      eligible: model.existing[p].length + model.eligible[p],
      message,
    });
  return {
    feasible: mf.total === mf.needed,
    needed: mf.needed,
    maxAssignable: mf.total,
    binding,
    fewEligible,
  };
}

/** The feasibility check alone (no optimization): what can be given and what binds. */
export function checkAssignmentFeasibility(
  problem: AssignmentProblem,
  options: AssignmentOptions = {},
): FeasibilityReport {
  const model = buildModel(problem, options);
  const lacking = shortageReasons(problem, model, options.maxPerReviewer ?? 10);
  return feasibilityReport(problem, model, maxAssignable(model.network, options.signal), lacking);
}

export function solveAssignment(
  problem: AssignmentProblem,
  options: AssignmentOptions = {},
): AssignmentResult {
  const started = Date.now();
  const model = buildModel(problem, options);
  const net = model.network;
  const mf = maxAssignable(net, options.signal);
  const lacking = shortageReasons(problem, model, options.maxPerReviewer ?? 10);
  const feasibility = feasibilityReport(problem, model, mf, lacking);
  const sol = solveAssignmentFlow(net, {
    signal: options.signal,
    onProgress: (done, total) => options.onProgress?.({ phase: 'solve', done, total }),
  });
  options.onProgress?.({ phase: 'report', done: 0, total: 1 });

  const finalLoad = Int32Array.from(model.load);
  for (let a = 0; a < sol.flow.length; a++) if (sol.flow[a]) finalLoad[net.arcReviewer[a]]++;
  const given = Int32Array.from(net.need, (n, p) => n - sol.short[p]);
  const { reasonOf } = bindingConstraints(net, { given, blockedPaper: mf.blockedPaper }, describer(problem));

  const papers: PaperAssignment[] = problem.papers.map((paper, p) => {
    const proposed: AssignedReviewer[] = [];
    let affinity = 0;
    for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++) {
      if (!sol.flow[a]) continue;
      const r = net.arcReviewer[a];
      const aff = -net.arcCost[a] / model.scale;
      affinity += aff;
      const rank = model.arcBid[a];
      const bid = rank >= 0 ? BID_KINDS[rank] : undefined;
      proposed.push({
        reviewerId: problem.reviewers[r].id,
        affinity: aff,
        parts: {
          bid: round4(model.bidPart[a]),
          subject: round4(model.subjectPart[a]),
          text: round4(model.textPart[a]),
        },
        ...(bid ? { bid } : {}),
        load: finalLoad[r],
        cap: model.cap[r],
      });
    }
    proposed.sort((x, y) => y.affinity - x.affinity);
    // short of the §9 aim: what the flow could not give (a binding constraint) and what no eligible
    // reviewer was there to give (a limit, named with its reviewers)
    const aim = Math.max(model.existing[p].length, model.perPaper);
    const short = aim - model.existing[p].length - proposed.length;
    const reasons = [
      ...(sol.short[p] > 0
        ? [reasonOf.get(p) ?? `paper ${paper.id}: its eligible reviewers are all used up`]
        : []),
      ...(lacking.has(p) ? [lacking.get(p)!] : []),
    ];
    return {
      paperId: paper.id,
      track: paper.track,
      target: aim,
      existing: model.existing[p],
      proposed,
      eligible: model.eligible[p],
      short,
      ...(short > 0 ? { shortReason: reasons.join('; ') } : {}),
      affinity: Math.round(affinity * model.scale) / model.scale,
    };
  });

  let lowest: AssignmentResult['fairness']['lowestAffinityPaper'] = null;
  let sumPaper = 0;
  let withProposal = 0;
  let papersShort = 0;
  let reviewsShort = 0;
  for (const pa of papers) {
    if (pa.short > 0) {
      papersShort++;
      reviewsShort += pa.short;
    }
    if (pa.proposed.length === 0) continue;
    withProposal++;
    sumPaper += pa.affinity;
    if (!lowest || pa.affinity < lowest.affinity) lowest = { paperId: pa.paperId, affinity: pa.affinity };
  }
  let min = Infinity;
  let max = -Infinity;
  let sumLoad = 0;
  for (let r = 0; r < finalLoad.length; r++) {
    min = Math.min(min, finalLoad[r]);
    max = Math.max(max, finalLoad[r]);
    sumLoad += finalLoad[r];
  }
  if (finalLoad.length === 0) min = max = 0;
  let assigned = 0;
  for (let a = 0; a < sol.flow.length; a++) assigned += sol.flow[a];
  options.onProgress?.({ phase: 'report', done: 1, total: 1 });
  return {
    papers,
    fairness: {
      lowestAffinityPaper: lowest,
      meanPaperAffinity: withProposal ? round4(sumPaper / withProposal) : 0,
      load: { min, max, spread: max - min, mean: finalLoad.length ? round4(sumLoad / finalLoad.length) : 0 },
      papersShort,
      reviewsShort,
    },
    feasibility,
    conflicts: model.conflicts,
    objective: { affinity: -sol.cost / model.scale, cost: sol.totalCost, assigned },
    stats: {
      papers: net.papers,
      reviewers: net.reviewers,
      arcs: net.arcReviewer.length,
      searches: sol.searches,
      ms: Date.now() - started,
    },
  };
}
