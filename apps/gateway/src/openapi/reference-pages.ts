import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, homePage } from './reference-page';
import { OPENAPI_PATH, REFERENCE_PATH } from './openapi-document';

/** Where the build (write-reference.ts) puts the reference page: beside this file in dist/. */
export const REFERENCE_FILE = path.join(__dirname, 'api-reference.html');
/** The base URL in the built page, filled in with PUBLIC_BASE_URL when the gateway starts. */
export const BASE_URL_PLACEHOLDER = '{PUBLIC_BASE_URL}';

export interface SiteSettings {
  /** PUBLIC_BASE_URL without a trailing slash. */
  publicBaseUrl: string;
  /** The demo integrator site of a local stack (EDITOR_DEMO_URL), linked from the home page. */
  editorDemoUrl?: string;
}
export const SITE_SETTINGS = Symbol('SITE_SETTINGS');

/** The home page and the API reference, read and made once at start-up. */
export class ReferencePages {
  private constructor(
    readonly reference: string,
    readonly home: string,
  ) {}

  static load(settings: SiteSettings, file = REFERENCE_FILE): ReferencePages {
    if (!existsSync(file)) throw new Error(`${file} is missing: run node tools/build.mjs, which builds the API reference`);
    const reference = readFileSync(file, 'utf8').replaceAll(BASE_URL_PLACEHOLDER, escapeHtml(settings.publicBaseUrl));
    const home = homePage({
      title: 'Embedded design editor API',
      baseUrl: settings.publicBaseUrl,
      referencePath: REFERENCE_PATH,
      openApiPath: OPENAPI_PATH,
      editorDemoUrl: settings.editorDemoUrl,
    });
    return new ReferencePages(reference, home);
  }
}
