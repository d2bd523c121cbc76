import { setImmediate as tick } from 'node:timers/promises';
import { Batcher, BatchItemError } from './batcher.js';

/** A batch function that records its batches and answers each item doubled, after a turn. */
function doubling() {
  const batches: number[][] = [];
  const run = async (items: number[]) => {
    batches.push([...items]);
    await tick();
    return items.map((i) => i * 2);
  };
  return { batches, run };
}

describe(Batcher.name, () => {
  it('answers concurrent calls from one batch', async () => {
    const { batches, run } = doubling();
    const b = new Batcher(run);
    expect(await Promise.all([1, 2, 3].map((i) => b.load(i)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('puts the calls made while a batch runs into the next one, never into the running one', async () => {
    const { batches, run } = doubling();
    const b = new Batcher(run);
    const first = b.load(1);
    await tick(); // the first batch has started
    const later = [b.load(2), b.load(3)];
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('keeps at most `max` items per batch', async () => {
    const { batches, run } = doubling();
    const b = new Batcher(run, { max: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => b.load(i)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('never puts two items with the same key in one batch, keeping their order', async () => {
    const { batches, run } = doubling();
    const b = new Batcher(run, { keyOf: (i: number) => i % 10 });
    await Promise.all([1, 11, 2, 21, 3].map((i) => b.load(i)));
    expect(batches).toEqual([[1, 2, 3], [11], [21]]);
  });

  it('fails only the item answered with a BatchItemError', async () => {
    const b = new Batcher(async (items: number[]) =>
      items.map((i) => (i === 2 ? new BatchItemError(new Error('two refused')) : i)),
    );
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.load(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'two refused',
      3,
    ]);
  });

  it('runs each item of a failing batch alone, so only the faulty one fails', async () => {
    const batches: number[][] = [];
    const b = new Batcher(async (items: number[]) => {
      batches.push([...items]);
      if (items.includes(2)) throw new Error('batch with 2 failed');
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.load(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails the batch whose function answers the wrong number of results', async () => {
    const b = new Batcher(async (items: number[]) => items.slice(1));
    await expect(b.load(1)).rejects.toThrow('A batch of 1 answered 0 results');
  });
});
