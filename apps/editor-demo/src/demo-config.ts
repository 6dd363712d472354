import { port, str, url } from 'envalid';
import { localProfiles } from '@embed/config';

const local = localProfiles.start;

/**
 * The demo integrator site's settings (contracts §7). Here rather than in libs/config: the
 * demo is a local program of `npm start`, never deployed, so no deployment must set them.
 */
export const demoSiteSpecs = {
  /** Its port on loopback; its origin, which tokens are minted for, is `http://localhost:<port>`. */
  DEMO_PORT: port({ default: local.ports.demo }),
  /** The embed service the demo's server calls and its page loads the editor from. */
  EMBED_BASE_URL: url({ default: `http://127.0.0.1:${local.ports.http}` }),
  /** The demo project's test key: the demo's server mints tokens and lists designs with it, never its page. */
  DEMO_SECRET_KEY: str(),
  /** The one person the demo's server acts for; the page never names a person. */
  DEMO_USER_ID: str({ default: 'demo-person' }),
  /** A design document a new design may start from (the email example), or none. */
  DEMO_EXAMPLE_FILE: str({ default: '' }),
};
