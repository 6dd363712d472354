import { type Benchmark, line } from './benchmark';
import { formatReport } from './soak/report';
import { largestGrowth, runSoak, soakErrors } from './soak/soak';
import { benchStack } from './stack';

const SECONDS = 60;
const GET_DESIGN = 'GET /embed/v1/users/{userId}/designs/{id}';
/** The renderer's two working sets, each held to 10 % on its own: its Node process, and its Chromium's processes (soak/memory.ts). */
const RENDERER_ROWS = { renderer_node: 'renderer', renderer_chromium: 'renderer/chromium' } as const;

/**
 * A minute of `npm run soak` on the bench stack: an integrator's mixed traffic with a
 * webhook receiver that is sometimes slow and sometimes fails. The errors (429 aside)
 * against the requests sent (target: none), and the largest growth of any service's
 * resident memory, its peak in the measured minute against its peak in the warm-up's
 * last two minutes (target: at most 10 %; why peaks: WARMUP_S in soak/soak.ts), the same of
 * the renderer's Node process and of its Chromium as rows of their own, and the p50
 * of GET design in the run's second half against its first (latency holding: about 1).
 */
export const benchmark: Benchmark = {
  name: 'soak (60 s)',
  async run() {
    const services = JSON.parse(process.env['BENCH_SERVICE_PIDS'] ?? '{}');
    const report = await runSoak({ baseUrl: benchStack.baseUrl(), services, seconds: SECONDS, drainSeconds: 30 });
    process.stderr.write(formatReport(report, SECONDS));
    const sent = report.endpoints.reduce((sum, endpoint) => sum + endpoint.count, 0);
    const growth = largestGrowth(report.memoryMb);
    const get = report.endpoints.find((endpoint) => endpoint.endpoint === GET_DESIGN);
    return [
      line('soak.60s.errors', 'requests', soakErrors(report), 'requests sent (429s are not errors)', sent),
      line('soak.60s.memory.largest_growth', 'MB', growth.end, `${growth.service}'s highest resident memory in the warm-up`, growth.start),
      ...Object.entries(RENDERER_ROWS).map(([row, name]) =>
        line(`soak.60s.memory.${row}`, 'MB', report.memoryMb.end[name] ?? NaN, `${name}'s highest resident memory in the warm-up`, report.memoryMb.start[name] ?? NaN),
      ),
      line('soak.60s.get_design.p50_second_half', 'ms', get?.p50SecondHalf ?? NaN, 'p50 of GET design in the first half', get?.p50FirstHalf ?? NaN),
    ];
  },
};
