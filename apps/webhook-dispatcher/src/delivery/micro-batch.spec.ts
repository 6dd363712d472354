import { MicroBatch } from './micro-batch';

/** A run that records each batch and answers once `release` is called. */
function gatedRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve) => releases.push(() => resolve(items.map((item) => `out ${item}`))));
  };
  return { run, batches, release: () => releases.shift()?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('MicroBatch', () => {
  it('sends what one tick asks for as one batch, and answers each caller with its own item', async () => {
    const gate = gatedRun();
    const batch = new MicroBatch(gate.run, { maxSize: 10, maxRunning: 1 });
    const answers = Promise.all([batch.call(1), batch.call(2), batch.call(3)]);
    await tick();
    gate.release();
    expect(await answers).toEqual(['out 1', 'out 2', 'out 3']);
    expect(gate.batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what is asked while a batch runs into the next one, at most maxSize each', async () => {
    const gate = gatedRun();
    const batch = new MicroBatch(gate.run, { maxSize: 2, maxRunning: 1 });
    const first = batch.call(1);
    await tick();
    const later = [2, 3, 4].map((item) => batch.call(item));
    await tick();
    expect(gate.batches).toEqual([[1]]);
    gate.release();
    expect(await first).toBe('out 1');
    await tick();
    expect(gate.batches).toEqual([[1], [2, 3]]);
    gate.release();
    await tick();
    gate.release();
    expect(await Promise.all(later)).toEqual(['out 2', 'out 3', 'out 4']);
    expect(gate.batches).toEqual([[1], [2, 3], [4]]);
  });

  it('runs up to maxRunning batches at once', async () => {
    const gate = gatedRun();
    const batch = new MicroBatch(gate.run, { maxSize: 1, maxRunning: 2 });
    const answers = Promise.all([1, 2, 3].map((item) => batch.call(item)));
    await tick();
    expect(gate.batches).toEqual([[1], [2]]);
    gate.release();
    gate.release();
    await tick();
    gate.release();
    expect(await answers).toEqual(['out 1', 'out 2', 'out 3']);
  });

  it('fails every item of a batch whose run fails, and carries on with the next', async () => {
    let fail = true;
    const batch = new MicroBatch(async (items: number[]) => {
      if (fail) throw new Error('database away');
      return items;
    }, { maxSize: 10, maxRunning: 1 });
    const failed = [batch.call(1), batch.call(2)].map((answer) => answer.catch((error: Error) => error.message));
    expect(await Promise.all(failed)).toEqual(['database away', 'database away']);
    fail = false;
    expect(await batch.call(3)).toBe(3);
  });
});
