import { FILE_FORMATS } from '@embed/contracts';
import { metricsRegistry, replyOutcome } from '@embed/service-runtime';
import { Histogram } from 'prom-client';

/**
 * render.file.v1 carries every format, so the message histogram mixes a 20 ms ZIP with a
 * 2 s PDF; this one keeps them apart.
 */
const fileDuration = new Histogram({
  name: 'embed_render_file_duration_seconds',
  help: 'Time to make and store a file in the renderer (queue for a browser included), by format and outcome',
  labelNames: ['format', 'outcome'],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15],
  registers: [metricsRegistry],
});

/** The format a request asks for, as a label: one of the formats, or `invalid` (never the caller's raw text). */
export function formatLabel(payload: unknown): string {
  const format = (payload as { format?: unknown } | null)?.format;
  return FILE_FORMATS.find((known) => known === format) ?? 'invalid';
}

/** Runs `make` and times it by the request's format and the reply's outcome (`exception` when it throws). */
export async function timeFile<T>(payload: unknown, make: () => Promise<T>): Promise<T> {
  const stopTimer = fileDuration.startTimer({ format: formatLabel(payload) });
  try {
    const reply = await make();
    stopTimer({ outcome: replyOutcome(reply) });
    return reply;
  } catch (error) {
    stopTimer({ outcome: 'exception' });
    throw error;
  }
}
