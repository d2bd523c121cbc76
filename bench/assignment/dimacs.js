// The assignment network as a DIMACS min-cost-flow problem ("p min"), the same network the library
// solves: papers supply their need, reviewers pass at most their remaining capacity to the sink, and
// every paper has a shortage arc to the sink (the library's shortageCostFor), so both solvers see one problem.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export async function writeDimacs(net, shortageCost, file) {
  const P = net.papers;
  const R = net.reviewers;
  const sink = P + R + 1;
  let total = 0;
  for (let p = 0; p < P; p++) total += net.need[p];
  const arcs = net.arcReviewer.length + R + P;
  const out = createWriteStream(file);
  let buf = `c symposium reviewer assignment: ${P} papers, ${R} reviewers\np min ${sink} ${arcs}\n`;
  const flush = async () => {
    if (!out.write(buf)) await once(out, 'drain');
    buf = '';
  };
  for (let p = 0; p < P; p++) if (net.need[p] > 0) buf += `n ${p + 1} ${net.need[p]}\n`;
  buf += `n ${sink} ${-total}\n`;
  for (let p = 0; p < P; p++) {
    for (let a = net.arcStart[p]; a < net.arcStart[p + 1]; a++)
      buf += `a ${p + 1} ${P + 1 + net.arcReviewer[a]} 0 1 ${net.arcCost[a]}\n`;
    buf += `a ${p + 1} ${sink} 0 ${net.need[p]} ${shortageCost}\n`;
    if (buf.length > 1 << 20) await flush();
  }
  for (let r = 0; r < R; r++) buf += `a ${P + 1 + r} ${sink} 0 ${Math.max(0, net.capacity[r])} 0\n`;
  await flush();
  out.end();
  await once(out, 'finish');
}
