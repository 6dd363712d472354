import { Controller, Delete, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ERASURE_SUBJECTS, type EraseUserRequest, type UserParams, UserParamsSchema } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { ParamsOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

@Controller('embed/v1/users/:userId')
export class UsersController {
  constructor(private readonly services: ServiceCalls) {}

  /**
   * Spec 4.6: 202 `{"status":"erasing"}` for a known person (again while the erasure
   * runs), 204 with no body for one never seen. The status depends on the answer, so
   * the reply is sent here rather than by Nest, which would set one fixed status.
   */
  @Delete()
  @EmbedEndpoint('eraseUser', {
    summary: 'Erases a person and all their data: 202 while it runs, 204 for a person never seen (spec 4.6).',
    answers: { 202: 'Erasing', 204: null },
  })
  async erase(@Key() key: KeyContext, @ParamsOf(UserParamsSchema) params: UserParams, @Res() reply: FastifyReply): Promise<void> {
    const request: EraseUserRequest = { person: { ...tenantScopeOf(key), userId: params.userId } };
    const outcome = await this.services.call(ERASURE_SUBJECTS.erase, request);
    if (outcome.status === 'erasing') void reply.status(202).send({ status: 'erasing' });
    else void reply.status(204).send();
  }
}
