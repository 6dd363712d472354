import { QueueFullError } from '../workers/fair-scheduler';
import { CutShortError, NotStartedError, OutOfMemoryError, RanTooLongError } from '../workers/deadline-pool';
import { workerRefusal } from './worker-refusal';

const NAMES = { work: 'render', tooComplex: 'this design is too complex', simpler: 'make it simpler' };

describe('workerRefusal', () => {
  it('blames the design only for what the same design would meet again: the limit and the memory', () => {
    expect(workerRefusal(new RanTooLongError(5_000), NAMES)).toEqual({
      ok: false,
      error: { status: 422, code: 'design_too_complex', message: 'this design is too complex: its render ran past the 5000 ms it may take; make it simpler' },
    });
    expect(workerRefusal(new OutOfMemoryError(512), NAMES)).toMatchObject({ ok: false, error: { status: 422, code: 'design_too_complex' } });
  });

  // A render that waited for a worker until less than the limit was left says nothing of its
  // design: telling the integrator not to retry it would be wrong.
  it('answers 503 service_unavailable, a retry may pass, for a job the deadline stopped before the limit, one that never started, and a full queue', () => {
    expect(workerRefusal(new CutShortError(540), NAMES)).toEqual({
      ok: false,
      error: {
        status: 503,
        code: 'service_unavailable',
        message: "the render workers were busy for most of the request's time: its render was stopped at the request's deadline, 540 ms after it started, before its time limit; a retry may pass",
      },
    });
    expect(workerRefusal(new NotStartedError(), NAMES)).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable' } });
    expect(workerRefusal(new QueueFullError(20, true), NAMES)).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable' } });
  });

  it('leaves any other error to be answered as a fault of ours', () => {
    expect(workerRefusal(new Error('no layout'), NAMES)).toBeUndefined();
  });
});
