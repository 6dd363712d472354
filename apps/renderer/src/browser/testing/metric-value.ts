import { metricsRegistry } from '@embed/service-runtime';

/** A metric's value for the sample with these labels (0 when it has none yet), as a scrape reads it. */
export async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const { values } = await metricsRegistry.getSingleMetric(name)!.get();
  return values.find((sample) => Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))?.value ?? 0;
}
