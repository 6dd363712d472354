import { fail, type ServiceReply } from '@embed/contracts';
import { QueueFullError } from '../workers/fair-scheduler';
import { CutShortError, NotStartedError, OutOfMemoryError, RanTooLongError } from '../workers/deadline-pool';

/** How a refusal names the work: "render" or "import", what it works on, and what to change. */
export interface WorkNames {
  work: string;
  tooComplex: string;
  simpler: string;
}

/**
 * The answer to a job the render workers did not finish, or undefined for an error that
 * is a fault of ours: a job stopped past the time limit or out of memory is 422
 * design_too_complex (the same input would be stopped again); a job that waited past its
 * deadline, or waited so long that the deadline stopped it before the limit could, or found
 * its project's queue full, is 503 service_unavailable (a retry may pass).
 */
export function workerRefusal(error: unknown, { work, tooComplex, simpler }: WorkNames): ServiceReply<never> | undefined {
  if (error instanceof RanTooLongError) return fail(422, 'design_too_complex', `${tooComplex}: its ${work} ran past the ${error.limitMs} ms it may take; ${simpler}`);
  if (error instanceof OutOfMemoryError) return fail(422, 'design_too_complex', `${tooComplex}: its ${work} needed more than the ${error.memoryMb} MB of memory it may use; ${simpler}`);
  if (error instanceof CutShortError) return fail(503, 'service_unavailable', `the render workers were busy for most of the request's time: its ${work} was stopped at the request's deadline, ${error.ranMs} ms after it started, before its time limit; a retry may pass`);
  if (error instanceof NotStartedError) return fail(503, 'service_unavailable', `every render worker was busy until the request's deadline`);
  if (error instanceof QueueFullError) return fail(503, 'service_unavailable', `${error.message} for a render worker; retry once some of them have been answered`);
  return undefined;
}
