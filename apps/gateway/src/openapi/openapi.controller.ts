import { Controller, Get, Header, Inject, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ApiOperation } from './operation-doc';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi-document';
import { SITE_SETTINGS, type SiteSettings } from './reference-pages';

/**
 * Serves the OpenAPI document, made once at start-up from every controller the gateway
 * has: a route without a description stops the gateway from starting. Public, like any
 * API description; it is the same for everyone and costs nothing to answer.
 */
@Controller()
export class OpenApiController implements OnModuleInit {
  private document: Record<string, unknown> = {};

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SITE_SETTINGS) private readonly site: SiteSettings,
  ) {}

  onModuleInit(): void {
    const controllers = this.discovery.getControllers().map((wrapper) => wrapper.metatype as Type);
    this.document = buildOpenApiDocument(controllers, { serverUrl: this.site.publicBaseUrl });
  }

  @Get(OPENAPI_PATH)
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ operationId: 'getOpenApiDocument', summary: 'This document: OpenAPI 3.1 of the server and editor APIs.', answers: { 200: 'OpenApiDocument' } })
  get(): Record<string, unknown> {
    return this.document;
  }
}
