import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation } from './operation-doc';
import { PAGE_CSP } from './reference-page';
import { ReferencePages } from './reference-pages';

/**
 * Pages for people: the home page at the base URL, and the API reference, a static page
 * built from the OpenAPI document (tools/lib/build.mjs). Public, without scripts, under a
 * policy that lets them load nothing at all from anywhere.
 */
@Controller()
export class ReferenceController {
  constructor(private readonly pages: ReferencePages) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_CSP)
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    operationId: 'getHome',
    summary: 'A page for a person who opens the base URL: where the reference, this document and the health routes are.',
    answers: { 200: null },
    fileTypes: ['text/html'],
  })
  home(): string {
    return this.pages.home;
  }

  @Get('embed/v1/docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_CSP)
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    operationId: 'getApiReference',
    summary: 'The API reference: a page made from this document when the gateway is built.',
    answers: { 200: null },
    fileTypes: ['text/html'],
  })
  reference(): string {
    return this.pages.reference;
  }
}
