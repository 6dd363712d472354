import { Controller, Get } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { ApiOperation } from '../openapi/operation-doc';
import { ReadinessService } from './readiness.service';

@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process answers. Nothing else is checked, so a slow database never restarts it. */
  @Get('healthz')
  @ApiOperation({ operationId: 'liveness', summary: 'The process answers.', answers: { 200: 'Liveness' } })
  live() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis, NATS, the store and every back-end service answer within a second. */
  @Get('readyz')
  @ApiOperation({ operationId: 'readiness', summary: 'PostgreSQL, Redis, NATS, the store and every back-end service answer.', answers: { 200: 'Readiness' }, errors: { 503: ['service_unavailable'] } })
  async ready() {
    const report = await this.readiness.check();
    if (!report.ready) {
      throw new ApiError(503, 'service_unavailable', `not ready: ${report.down.join(', ')} down`, { checks: report.checks });
    }
    return { status: 'ready', checks: report.checks };
  }
}
