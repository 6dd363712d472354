import { Injectable } from '@nestjs/common';
import { budgetOf, type ReplyOf, type RequestOf, type Subject } from '@embed/contracts';
import { ServiceClient } from '@embed/service-runtime';
import { ApiError } from '../http/api-error';

/** What a subject answers when it does what was asked. */
export type ValueOf<S extends Subject> = Extract<ReplyOf<S>, { ok: true }> extends { value: infer V } ? V : never;

/**
 * Asks a service over NATS and turns its reply into a value, or into the API error it
 * carries. The call's deadline (now plus the subject's budget, from the registry in
 * @embed/contracts) goes with it: the service works to it and commits nothing past it,
 * so a 503 for a late answer is true.
 */
@Injectable()
export class ServiceCalls {
  constructor(private readonly client: ServiceClient) {}

  async call<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ValueOf<S>> {
    const reply = (await this.reply(subject, payload)) as { ok: true; value: ValueOf<S> } | { ok: false; error: Parameters<typeof ApiError.fromService>[0] };
    if (!reply.ok) throw ApiError.fromService(reply.error);
    return reply.value;
  }

  /** The service's reply as it is, for a caller that reads more of a refusal than its error. */
  reply<S extends Subject>(subject: S, payload: RequestOf<S>): Promise<ReplyOf<S>> {
    return this.client.request(subject, payload, Date.now() + budgetOf(subject));
  }
}
