// FNV-1a over the assignment network's arrays: bench/run.js checks that each cold process solved the same
// network as the one it built itself and wrote for LEMON.
export function networkHash(n) {
  let h = 0x811c9dc5;
  const mix = (x) => {
    h ^= x & 0xffff;
    h = Math.imul(h, 0x01000193);
    h ^= x >>> 16;
    h = Math.imul(h, 0x01000193);
  };
  for (const a of [n.need, n.capacity, n.arcStart, n.arcReviewer, n.arcCost]) for (const x of a) mix(x);
  return (h >>> 0).toString(16);
}
