import { Injectable } from '@nestjs/common';
import type { ServiceReply } from '@embed/contracts';
import { ServiceClient } from '@embed/service-runtime';
import { ApiError } from '../http/api-error';

/**
 * How long the gateway waits for each kind of call before answering 503. Reads and
 * token minting are single queries; saves take a transaction; rendering is CPU work.
 */
export const TIMEOUTS_MS = {
  read: 3_000,
  write: 5_000,
  render: 10_000,
  export: 15_000,
} as const;

/** Asks a service over NATS and turns its reply into a value, or into the API error it carries. */
@Injectable()
export class ServiceCalls {
  constructor(private readonly client: ServiceClient) {}

  async call<T>(subject: string, payload: unknown, timeoutMs: number): Promise<T> {
    const reply = await this.client.request<ServiceReply<T>>(subject, payload, timeoutMs);
    if (!reply.ok) throw ApiError.fromService(reply.error);
    return reply.value;
  }
}
