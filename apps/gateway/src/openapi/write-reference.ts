// Run by the build (tools/lib/build.mjs) from dist/: writes the API reference page
// beside this file, from the same document the gateway serves, made by the same
// function without starting a server. The base URL is filled in at start-up.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { DOCUMENTED_CONTROLLERS } from '../gateway.module';
import { buildOpenApiDocument } from './openapi-document';
import { referencePage } from './reference-page';
import { BASE_URL_PLACEHOLDER, REFERENCE_FILE } from './reference-pages';

writeFileSync(REFERENCE_FILE, referencePage(buildOpenApiDocument(DOCUMENTED_CONTROLLERS, { serverUrl: BASE_URL_PLACEHOLDER })));
