// The demo integrator site of `npm start` (contracts §7): a page on its own origin that
// embeds the editor exactly as an integrator's would, and a server that mints tokens with
// the demo project's test key for one demo person and lists that person's designs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EmbedClient } from '@embed/node-client';
import { ConfigError, loadConfig } from '@embed/config';
import { demoSiteSpecs } from './demo-config';
import { pagePolicy, PUBLIC_DIR, renderPage, staticFiles } from './demo-page';
import { createDemoServer } from './demo-server';

function main(): void {
  const config = loadConfig(demoSiteSpecs);
  // The SDK frames the editor from the service's origin; the page names the SDK by it too.
  const service = new URL(config.EMBED_BASE_URL).origin;
  const origin = `http://localhost:${config.DEMO_PORT}`;
  const template = readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');
  const server = createDemoServer(
    {
      client: new EmbedClient({ secretKey: config.DEMO_SECRET_KEY, baseUrl: service }),
      userId: config.DEMO_USER_ID,
      origin,
      page: { html: renderPage(template, { service, hasExample: Boolean(config.DEMO_EXAMPLE_FILE) }), policy: pagePolicy(service) },
      files: staticFiles(config.DEMO_EXAMPLE_FILE),
    },
    (line) => process.stderr.write(`${line}\n`),
  );
  // Loopback only: the site hands out tokens of the demo project to whoever asks.
  server.listen(config.DEMO_PORT, '127.0.0.1', () => process.stdout.write(`editor demo on ${origin}\n`));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

try {
  main();
} catch (error) {
  process.stderr.write(`editor demo: ${error instanceof ConfigError ? error.message : (error as Error).stack}\n`);
  process.exit(1);
}
