import { describe, expect, it } from 'vitest';
import { stopWithin, type StopStep } from './shutdown.js';

/** Runs `steps` with a short deadline and says what was logged and with which code it exited. */
async function stopping(steps: StopStep[], deadlineMs = 200) {
  const logged: string[] = [];
  const exited = new Promise<number>((resolve) => {
    void stopWithin(
      steps,
      {
        failed: (step) => logged.push(`failed: ${step}`),
        late: (step) => logged.push(`late: ${step}`),
        exit: resolve,
      },
      deadlineMs,
    );
  });
  return { code: await exited, logged };
}

const ends = (name: string, order: string[]): StopStep => ({
  name,
  run: async () => {
    order.push(name);
  },
});

describe('stopWithin', () => {
  it('runs every step in order and exits 0', async () => {
    const order: string[] = [];
    expect(await stopping([ends('server', order), ends('database', order)])).toEqual({ code: 0, logged: [] });
    expect(order).toEqual(['server', 'database']);
  });

  it('still runs the next step after one fails, and exits 1', async () => {
    const order: string[] = [];
    const broken: StopStep = { name: 'server', run: () => Promise.reject(new Error('stuck')) };
    expect(await stopping([broken, ends('database', order)])).toEqual({
      code: 1,
      logged: ['failed: server'],
    });
    expect(order).toEqual(['database']);
  });

  it('exits 1 at the deadline when a step never ends, naming it', async () => {
    const never: StopStep = { name: 'the database', run: () => new Promise(() => undefined) };
    expect(await stopping([never])).toEqual({ code: 1, logged: ['late: the database'] });
  });
});
