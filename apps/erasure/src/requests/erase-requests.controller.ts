import { Controller, Logger } from '@nestjs/common';
import { ERASURE_SUBJECTS, type EraseUserOutcome, type EraseUserRequest, fail, ok, type RequestContext, type ServiceReply } from '@embed/contracts';
import { ErasureRepository, type ErasureTarget } from '@embed/data-access';
import { Handles } from '@embed/service-runtime';
import { ErasureQueue } from '../queue/erasure-queue';

@Controller()
export class EraseRequestsController {
  private readonly logger = new Logger(EraseRequestsController.name);

  constructor(
    private readonly erasure: ErasureRepository,
    private readonly queue: ErasureQueue,
  ) {}

  /**
   * Spec §3 and 4.6: marks the person `erasing` (from then on every call for them is
   * refused) and queues the work, so the answer takes as long for 10,000 designs as
   * for one. The mark comes first: a job never runs for a person still in use.
   *
   * The committed mark is the durable request: the sweep queues everyone still
   * `erasing`, so once it commits the answer is 202 whether or not the queue is up (the
   * sweep queues the job when it is back). A 503 means the mark did not commit:
   * nothing changed.
   */
  @Handles(ERASURE_SUBJECTS.erase)
  async erase({ person }: EraseUserRequest, context: RequestContext): Promise<ServiceReply<EraseUserOutcome>> {
    let target: ErasureTarget | null;
    try {
      target = await this.erasure.markErasing(person, context);
    } catch (error) {
      this.logger.error({ err: error }, 'could not mark a person erasing');
      return fail(503, 'service_unavailable', 'The erasure could not start in time; nothing was changed. Retry the same request.');
    }
    if (!target) return ok({ status: 'never_seen' });
    // Not awaited: the answer never waits on Redis, whose outage the sweep makes up for.
    this.queue.enqueue(target).catch((error) => this.logger.warn({ err: error, personId: target.personId }, 'could not queue an erasure now; the sweep will'));
    return ok({ status: 'erasing' });
  }
}
