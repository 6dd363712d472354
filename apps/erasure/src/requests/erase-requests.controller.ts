import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ERASURE_SUBJECTS, type EraseUserOutcome, fail, ok, type ServiceReply } from '@embed/contracts';
import { ErasureRepository } from '@embed/data-access';
import { ErasureQueue } from '../queue/erasure-queue';
import { isEraseUserRequest } from './erase-request';

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
   */
  @MessagePattern(ERASURE_SUBJECTS.erase)
  async erase(@Payload() payload: unknown): Promise<ServiceReply<EraseUserOutcome>> {
    if (!isEraseUserRequest(payload)) return fail(400, 'request_invalid', 'person must be {projectId, environment, userId}');
    const target = await this.erasure.markErasing(payload.person);
    if (!target) return ok({ status: 'never_seen' });
    try {
      await this.queue.enqueue(target);
    } catch (error) {
      // The person stays `erasing`: asking again, or the service's next start, queues the job.
      this.logger.error({ err: error, personId: target.personId }, 'could not queue an erasure');
      return fail(503, 'service_unavailable', 'The erasure queue is briefly unavailable; retry the same request to resume it.');
    }
    return ok({ status: 'erasing' });
  }
}
