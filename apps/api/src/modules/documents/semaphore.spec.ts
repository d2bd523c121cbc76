import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('lets at most `size` holders in at once and the others in arrival order', async () => {
    const semaphore = new Semaphore(2);
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const task = (name: string) =>
      semaphore.use(async () => {
        inside++;
        most = Math.max(most, inside);
        order.push(name);
        await new Promise<void>((resolve) => gates.push(resolve));
        inside--;
      });
    const all = Promise.all(['a', 'b', 'c', 'd'].map(task));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b']);
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await all;
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(2);
  });

  it('frees the slot when the holder fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.use(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.use(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a size below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
