import { DatabaseProbe } from './database-probe.js';

describe('DatabaseProbe', () => {
  it('answers from the last probe and waits for the first one', async () => {
    let calls = 0;
    const probe = new DatabaseProbe(async () => void calls++, 60_000);
    const state = await probe.state();
    expect(state.ok).toBe(true);
    expect(state.checkedAt).not.toBeNull();
    expect(calls).toBe(1);
    await probe.state();
    expect(calls).toBe(1); // no query per health request
  });

  it('is down after a failed probe and up again after a good one', async () => {
    let fail = true;
    const probe = new DatabaseProbe(async () => {
      if (fail) throw new Error('connection refused');
    });
    await probe.probe();
    expect(await probe.state()).toMatchObject({ ok: false, error: 'connection refused' });
    fail = false;
    await probe.probe();
    expect((await probe.state()).ok).toBe(true);
  });

  it('is down when a probe has been waiting longer than the stale limit, and runs one probe at a time', async () => {
    let clock = 0;
    let release!: () => void;
    let calls = 0;
    const probe = new DatabaseProbe(
      () => {
        calls++;
        return calls === 1 ? Promise.resolve() : new Promise<void>((r) => (release = r));
      },
      1000,
      10_000,
      () => clock,
    );
    await probe.probe();
    const pending = probe.probe();
    void probe.probe(); // still waiting: not a second query
    expect(calls).toBe(2);
    clock = 5_000;
    expect((await probe.state()).ok).toBe(true); // busy is not down
    clock = 11_000;
    expect(await probe.state()).toMatchObject({ ok: false });
    release();
    await pending;
    expect((await probe.state()).ok).toBe(true);
  });
});
