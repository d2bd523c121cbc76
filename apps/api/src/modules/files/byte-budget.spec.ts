import { ByteBudget } from './s3-file-store.js';

describe('the memory budget of S3 uploads', () => {
  it('grants bytes while there are some, then in order of asking as they are given back', async () => {
    const budget = new ByteBudget(10);
    await budget.take(6);
    await budget.take(4);
    const granted: string[] = [];
    const a = budget.take(5).then(() => granted.push('a'));
    const b = budget.take(1).then(() => granted.push('b'));
    expect(budget.queued).toBe(2);
    budget.give(4);
    await Promise.resolve();
    // 4 free: 'a' (5) waits, and 'b' (1) waits behind it rather than overtaking
    expect(granted).toEqual([]);
    budget.give(6);
    await Promise.all([a, b]);
    expect(granted).toEqual(['a', 'b']);
    expect(budget.queued).toBe(0);
  });

  it('never makes one upload wait for more than the whole budget', async () => {
    const budget = new ByteBudget(10);
    await budget.take(50);
    const next = budget.take(1);
    budget.give(50);
    await next;
    expect(budget.queued).toBe(0);
  });
});
