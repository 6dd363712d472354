import http from 'node:http';

/**
 * One scrape of the operators' port at `opsBase`, on a connection of its own: the admin CLI
 * runs synchronously and blocks this process, so a kept-alive connection may have been
 * closed by the server unseen meanwhile.
 */
export function scrape(opsBase: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${opsBase}/metrics`, { agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text)).on('error', reject);
      })
      .on('error', reject);
  });
}

/** The sum of the series `name` that carry `labels` (among others) in a scrape, as PromQL's sum(); 0 when there is none. */
export function valueIn(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const lines = text.split('\n').filter((candidate) => /^[{ ]/.test(candidate.slice(name.length)) && candidate.startsWith(name) && wanted.every((label) => candidate.includes(label)));
  return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** `valueIn` of one scrape of the operators' port at `opsBase`. */
export const metricAt = async (opsBase: string, name: string, labels: Record<string, string> = {}): Promise<number> => valueIn(await scrape(opsBase), name, labels);
