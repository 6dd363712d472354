import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyWebhook } from '@embed/webhook-signing';

/** How often the receiver misbehaves, as an integrator's server does now and then. */
export const MISBEHAVIOUR = { failing: 0.05, slow: 0.05, slowMs: [2_000, 5_000] } as const;

interface Envelope {
  id: string;
  type: string;
  projectId: string;
  data: { designId?: string; revision?: number; exportId?: string; userId?: string };
}

/**
 * The integrator's webhook endpoint for a soak: checks every signature, answers 500 to
 * some deliveries and takes seconds over others (within the 10 s the spec gives), and
 * notes what arrived with a 2xx answer: the newest revision of each design, exports and
 * erasures.
 */
export class FlakyReceiver {
  readonly revisions = new Map<string, number>();
  readonly exports = new Set<string>();
  readonly erased = new Set<string>();
  deliveries = 0;
  failed = 0;
  slow = 0;
  badSignatures = 0;
  private readonly server = http.createServer((req, res) => this.receive(req, res));
  private readonly secrets = new Map<string, string>();

  /** Listens on a free loopback port; the URL to set on projects. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  trust(projectId: string, secret: string): void {
    this.secrets.set(projectId, secret);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw);
      } catch {
        envelope = { id: '', type: '', projectId: '', data: {} };
      }
      const secret = this.secrets.get(envelope.projectId);
      if (!secret || !verifyWebhook(raw, String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? ''), secret)) {
        this.badSignatures++;
        return void res.writeHead(400).end();
      }
      this.deliveries++;
      const luck = Math.random();
      if (luck < MISBEHAVIOUR.failing) {
        this.failed++;
        return void res.writeHead(500).end();
      }
      const [least, most] = MISBEHAVIOUR.slowMs;
      const delay = luck < MISBEHAVIOUR.failing + MISBEHAVIOUR.slow ? least + Math.random() * (most - least) : 0;
      if (delay > 0) this.slow++;
      setTimeout(() => {
        this.note(envelope);
        res.writeHead(204).end();
      }, delay);
    });
  }

  private note({ type, data }: Envelope): void {
    if (type === 'design.saved' && data.designId) this.revisions.set(data.designId, Math.max(this.revisions.get(data.designId) ?? -1, data.revision ?? -1));
    if (type === 'export.created' && data.exportId) this.exports.add(data.exportId);
    if (type === 'user.erased' && data.userId) this.erased.add(data.userId);
  }
}
