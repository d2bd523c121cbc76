// Near-duplicate detection benchmark (issue 26), `node bench/checks/duplicates.js` after
// `npm run build -w @symposium/api` (it runs the built engine, apps/api/dist/modules/papers/checks/duplicates).
//
// A generated corpus (the unit test's generator, corpus.ts: Zipf-like vocabulary, 20 topics, common phrases,
// PDF-like line breaks and hyphenation; one set of planted copies per 500 papers) of --papers papers (3,000).
// Timed, wall and CPU of this process: the whole detection as the API would run it over the conference at the
// default threshold 0.5 — every paper's words, shingles and signature, the LSH index of band keys, the
// candidate pairs and their verification (estimate, exact Jaccard in the grey zone). The corpus's generation
// is not timed. Then on the first --brute-force papers (300) every pair's exact Jaccard (exactJaccard, pair by
// pair) against the LSH pairs among them: recall and precision; over all papers, the planted pairs found and
// the pairs reported that were not planted (false positives among unrelated papers). The verification is run
// again at 0.4 (same signatures) to show what the lower threshold finds.
// Checks (exit 1): at each threshold, brute-force recall and precision 1, every planted pair whose exact
// Jaccard reaches the threshold found, no unrelated pair reported; at 0.4 every identical and 30 %-rewritten
// copy found. Goal: detection ≤ 60 s wall for 3,000 papers.
// Options: --papers N, --brute-force N.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  detectNearDuplicates,
  exactJaccard,
  LSH_BANDS,
  LSH_ROWS,
  minhash,
  normalizeText,
  shingleHashes,
  SHINGLE_K,
  SIGNATURE_SIZE,
} from '../../apps/api/dist/modules/papers/checks/duplicates/index.js';
import { generateCorpus } from '../../apps/api/dist/modules/papers/checks/duplicates/corpus.js';
import { benchName, check, figure, finish, fmtMs } from '../lib/measure.js';

const THRESHOLDS = [0.5, 0.4];

/** Runs fn, returning its result with its wall and CPU time (this process, all threads) in ms. */
function timed(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const u = process.cpuUsage(cpu0);
  return { result, wall: performance.now() - t0, cpu: (u.user + u.system) / 1000 };
}

/**
 * Generates `papers` papers, times the detection over all of them at 0.5, compares it with brute force on
 * the first `bruteForce` and with the planted truth at 0.5 and 0.4; prints and returns the figures.
 */
export async function duplicatesBench({ papers = 3000, bruteForce = 300, seed = 26 } = {}) {
  console.log(
    `duplicates: ${papers} papers, word ${SHINGLE_K}-shingles, ${SIGNATURE_SIZE} MinHash values, ` +
      `LSH ${LSH_BANDS} bands × ${LSH_ROWS} rows`,
  );
  const gen = timed(() => generateCorpus({ papers, seed }));
  const corpus = gen.result;
  const chars = corpus.papers.reduce((n, p) => n + p.text.length, 0);
  console.log(`corpus generated in ${fmtMs(gen.wall)} (not timed): ${(chars / 1e6).toFixed(1)} M characters`);

  // the detection at the default threshold: signatures, then index + candidates + verification
  const sign = timed(() =>
    corpus.papers.map((p) => {
      const shingles = shingleHashes(normalizeText(p.text));
      return { shingles, signature: minhash(shingles) };
    }),
  );
  const items = sign.result;
  const words = Math.round(items.reduce((n, x) => n + x.shingles.length + SHINGLE_K - 1, 0) / papers);
  const runs = THRESHOLDS.map((threshold) => ({
    threshold,
    ...timed(() => detectNearDuplicates(items, threshold)),
  }));
  const main = runs[0];
  const wall = sign.wall + main.wall;
  const cpu = sign.cpu + main.cpu;
  console.log(
    `detection over ${papers} papers at 0.5: ${fmtMs(wall)} wall, ${fmtMs(cpu)} CPU — signatures ` +
      `${fmtMs(sign.wall)} (${(sign.wall / papers).toFixed(2)} ms per paper of ${words} words on average), ` +
      `LSH index + ${main.result.candidates} candidate pairs + verification ${fmtMs(main.wall)} ` +
      `(${main.result.exactChecks} decided by exact Jaccard); ${main.result.pairs.length} pairs reported`,
  );

  // brute force on the first papers: every pair's exact Jaccard
  const n = Math.min(bruteForce, papers);
  const brute = timed(() => {
    const high = new Map();
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const j = exactJaccard(items[a].shingles, items[b].shingles);
        if (j >= Math.min(...THRESHOLDS)) high.set(a * papers + b, j);
      }
    return high;
  });
  console.log(
    `brute force: exact Jaccard of all ${(n * (n - 1)) / 2} pairs of the first ${n} papers in ${fmtMs(brute.wall)}`,
  );

  const keyOf = (p) => Math.min(p.a, p.b) * papers + Math.max(p.a, p.b);
  const planted = new Map(corpus.planted.map((p) => [keyOf(p), p]));
  const plantedJ = new Map(
    corpus.planted.map((p) => [keyOf(p), exactJaccard(items[p.a].shingles, items[p.b].shingles)]),
  );
  const byThreshold = runs.map(({ threshold, result, wall: verifyWall }) => {
    const reported = new Set(result.pairs.map(keyOf));
    // brute force on the first n
    const truth = [...brute.result].filter(([, j]) => j >= threshold).map(([k]) => k);
    const lshFirst = result.pairs.filter((p) => p.b < n).map(keyOf);
    const tp = lshFirst.filter((k) => truth.includes(k)).length;
    const bruteForce = {
      papers: n,
      pairs: truth.length,
      reported: lshFirst.length,
      recall: truth.length ? tp / truth.length : 1,
      precision: lshFirst.length ? tp / lshFirst.length : 1,
    };
    // planted truth over all papers
    const duplicates = corpus.planted.filter((p) => p.duplicate);
    const reportedPlanted = [...reported].filter((k) => planted.get(k)?.duplicate).length;
    const aboveThreshold = corpus.planted.filter((p) => plantedJ.get(keyOf(p)) >= threshold);
    const byKind = {};
    for (const p of corpus.planted) {
      const k = (byKind[p.kind] ??= { planted: 0, found: 0, jaccard: [] });
      k.planted++;
      if (reported.has(keyOf(p))) k.found++;
      k.jaccard.push(+plantedJ.get(keyOf(p)).toFixed(3));
    }
    const out = {
      threshold,
      verifyMs: verifyWall,
      candidates: result.candidates,
      exactChecks: result.exactChecks,
      reported: reported.size,
      bruteForce,
      planted: {
        duplicates: duplicates.length,
        recall: duplicates.filter((p) => reported.has(keyOf(p))).length / duplicates.length,
        precision: reported.size ? reportedPlanted / reported.size : 1,
        aboveThreshold: aboveThreshold.length,
        aboveThresholdFound: aboveThreshold.filter((p) => reported.has(keyOf(p))).length,
        byKind,
      },
      unrelatedFalsePositives: [...reported].filter((k) => !planted.has(k)).length,
    };
    console.log(
      `\nthreshold ${threshold}: ${out.reported} pairs reported of ${out.candidates} candidates ` +
        `(${out.exactChecks} by exact Jaccard, ${fmtMs(verifyWall)})\n` +
        `  brute force, first ${n}: ${bruteForce.pairs} pairs at J ≥ ${threshold}, LSH reported ${bruteForce.reported}: ` +
        `recall ${bruteForce.recall}, precision ${bruteForce.precision}\n` +
        `  planted copies keeping ≥ 70 %: recall ${out.planted.recall.toFixed(3)}, precision ` +
        `${out.planted.precision.toFixed(3)}; planted pairs at exact J ≥ ${threshold}: ` +
        `${out.planted.aboveThresholdFound}/${out.planted.aboveThreshold} found; unrelated pairs reported: ` +
        `${out.unrelatedFalsePositives}`,
    );
    for (const [kind, k] of Object.entries(byKind))
      console.log(
        `  ${kind}: ${k.found}/${k.planted} found, exact J ${Math.min(...k.jaccard)}–${Math.max(...k.jaccard)}`,
      );
    return out;
  });
  return {
    papers,
    words,
    wallMs: wall,
    cpuMs: cpu,
    signaturesMs: sign.wall,
    perPaperMs: sign.wall / papers,
    bruteForceMs: brute.wall,
    thresholds: byThreshold,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchName('checks/duplicates.js');
  const { values: opts } = parseArgs({
    options: {
      papers: { type: 'string', default: '3000' },
      'brute-force': { type: 'string', default: '300' },
    },
  });
  const f = await duplicatesBench({ papers: Number(opts.papers), bruteForce: Number(opts['brute-force']) });
  for (const t of f.thresholds) {
    check(
      `${t.threshold}: LSH against brute force on the first ${t.bruteForce.papers}, recall and precision 1`,
      t.bruteForce.recall === 1 && t.bruteForce.precision === 1,
      `recall ${t.bruteForce.recall}, precision ${t.bruteForce.precision}, ${t.bruteForce.pairs} pairs`,
    );
    check(
      `${t.threshold}: every planted pair at exact J ≥ ${t.threshold} found`,
      t.planted.aboveThresholdFound === t.planted.aboveThreshold,
      `${t.planted.aboveThresholdFound}/${t.planted.aboveThreshold}`,
    );
    check(
      `${t.threshold}: no unrelated pair reported`,
      t.unrelatedFalsePositives === 0,
      `${t.unrelatedFalsePositives}`,
    );
    figure(`planted copies keeping ≥ 70 % found at ${t.threshold}`, t.planted.recall, {
      note: `precision ${t.planted.precision}`,
    });
  }
  const at04 = f.thresholds.find((t) => t.threshold === 0.4).planted.byKind;
  const must = ['identical', 'rewritten30'].map((k) => at04[k]).filter(Boolean);
  check(
    '0.4: every identical (retitled) and 30 %-rewritten copy found',
    must.every((k) => k.found === k.planted),
    must.map((k) => `${k.found}/${k.planted}`).join(', '),
  );
  figure(`detection wall, ${f.papers} papers`, f.wallMs / 1000, {
    unit: 's',
    goal: f.papers === 3000 ? { op: '<=', value: 60 } : undefined,
    note: 'words, shingles, signatures, LSH index, candidates, verification at 0.5',
  });
  figure(`detection CPU, ${f.papers} papers`, f.cpuMs / 1000, { unit: 's' });
  figure('signature per paper', f.perPaperMs, { unit: 'ms', note: `${f.words} words on average` });
  finish();
}
