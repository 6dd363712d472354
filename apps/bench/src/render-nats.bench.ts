import { firstValueFrom } from 'rxjs';
import { RENDER_DESIGN_SUBJECT, type RenderDesignReply, type RenderDesignRequest } from '@embed/contracts';
import { finishRender, layoutDesign } from '@embed/render-core';
import { type Benchmark, line } from './benchmark';
import { referenceEmail } from './reference-email';
import { natsClient, throughput } from './stack';

const SECONDS = 5;
const CONCURRENCY = 16;
const MERGE = { contact: { first_name: 'Ada' } };

/**
 * Renders per second that one renderer process sustains over NATS (repeat renders of a
 * saved design: its layout is cached, only the merge runs), against the same work in
 * this process without NATS: the ratio is what the hop and the service layers keep.
 */
export const benchmark: Benchmark = {
  name: 'render over NATS',
  async run() {
    const doc = referenceEmail();
    const layout = layoutDesign(doc);
    const inProcess = await throughput(async () => finishRender(layout, { merge: MERGE }), 1, SECONDS);

    const client = natsClient();
    await client.connect();
    const request: RenderDesignRequest = { tenant: 'bench/test', mode: 'email', doc, merge: MERGE };
    const renderOnce = async () => {
      const reply = await firstValueFrom(client.send<RenderDesignReply>(RENDER_DESIGN_SUBJECT, request));
      if (!reply.ok) throw new Error(`render failed: ${reply.error.message}`);
    };
    await throughput(renderOnce, CONCURRENCY, 1);
    const overNats = await throughput(renderOnce, CONCURRENCY, SECONDS);
    await client.close();
    return [line('render.email.nats_throughput', 'renders/s', overNats, 'in-process cached render', inProcess)];
  },
};
