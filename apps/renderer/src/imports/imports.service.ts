import { Injectable } from '@nestjs/common';
import { type ImportDesignReply, type ImportDesignRequest, UNNAMED_TENANT } from '@embed/contracts';
import { RenderPool } from '../render/render-pool';
import { type WorkNames, workerRefusal } from '../render/worker-refusal';

const IMPORT: WorkNames = {
  work: 'import',
  tooComplex: 'this source is too complex to import within the limits',
  simpler: 'import a smaller design (fewer sections, blocks or html); sending it again will not help',
};

/**
 * Converts another editor's design on a render worker (import-reply.ts), in the tenant's
 * turn with its renders and under the same time limit: a hostile source cannot block the
 * renderer's event loop, and one past the limit is answered 422 design_too_complex.
 */
@Injectable()
export class ImportsService {
  constructor(private readonly workers: RenderPool) {}

  /** `deadline`: the request's, in epoch milliseconds. */
  async import({ tenant = UNNAMED_TENANT, ...request }: ImportDesignRequest, deadline?: number): Promise<ImportDesignReply> {
    try {
      return await this.workers.import(request, { tenant, deadline });
    } catch (error) {
      const refusal = workerRefusal(error, IMPORT);
      if (refusal) return refusal;
      throw error;
    }
  }
}
