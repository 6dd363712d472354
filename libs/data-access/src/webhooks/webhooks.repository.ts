import { Injectable } from '@nestjs/common';
import { deliveryBody, PING_MESSAGE, type SubscribableEvent, type WebhookEnvelope } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

export interface WebhookSetting {
  id: string;
  url: string;
  events: SubscribableEvent[];
  /** True when this call made the webhook (and so its secret); false when it changed one. */
  created: boolean;
}

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Sets the project's webhook URL and events; a new webhook gets `newSecret`, an existing one keeps its own. */
  async set(projectId: string, url: string, events: SubscribableEvent[], newSecret: string): Promise<WebhookSetting> {
    if (!(await this.prisma.project.count({ where: { id: projectId } }))) throw new RecordNotFoundError('project', projectId);
    const existing = await this.prisma.webhookEndpoint.findUnique({ where: { projectId }, select: { id: true } });
    const saved = await this.prisma.webhookEndpoint.upsert({
      where: { projectId },
      create: { id: newId('wh'), projectId, url, events, secret: newSecret },
      update: { url, events },
    });
    return { id: saved.id, url: saved.url, events: saved.events as SubscribableEvent[], created: !existing };
  }

  /**
   * Gives the webhook `newSecret`; the old one keeps signing beside it for `overlapMs`
   * (two `v1=` values), so receivers can switch without losing events. A second
   * rotation within the overlap drops the oldest secret.
   */
  async rotateSecret(projectId: string, newSecret: string, overlapMs: number): Promise<{ webhookId: string; previousSecretExpiresAt: string }> {
    const [row] = await this.prisma.sql<{ id: string; expiresAt: string }>(
      `UPDATE "WebhookEndpoint"
       SET "previousSecret" = secret, secret = $2,
           "previousSecretExpiresAt" = now() AT TIME ZONE 'UTC' + make_interval(secs => $3::float8 / 1000),
           "updatedAt" = now() AT TIME ZONE 'UTC'
       WHERE "projectId" = $1
       RETURNING id, to_char("previousSecretExpiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"`,
      [projectId, newSecret, overlapMs],
    );
    if (!row) throw new RecordNotFoundError('webhook of project', projectId);
    return { webhookId: row.id, previousSecretExpiresAt: row.expiresAt };
  }

  /** Queues a `ping` delivery to the project's webhook and returns its id; the dispatcher sends it within its poll interval. */
  async queuePing(projectId: string): Promise<string> {
    const webhook = await this.prisma.webhookEndpoint.findUnique({ where: { projectId }, select: { id: true } });
    if (!webhook) throw new RecordNotFoundError('webhook of project', projectId);
    const deliveryId = newId('dlv');
    const envelope: WebhookEnvelope = {
      id: deliveryId,
      type: 'ping',
      createdAt: new Date().toISOString(),
      projectId,
      environment: 'test',
      data: { message: PING_MESSAGE },
    };
    await this.prisma.webhookDelivery.create({
      data: {
        id: deliveryId,
        webhookId: webhook.id,
        projectId,
        environment: envelope.environment,
        eventType: envelope.type,
        body: deliveryBody(envelope),
        nextAttemptAt: new Date(),
      },
    });
    return deliveryId;
  }
}
