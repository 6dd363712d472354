import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DesignIdSchema, MergeSchema, TextOptionsSchema, UserRefSchema, WEBHOOK_EVENT_DATA } from '@embed/contracts';
import { IdempotencyRepository, ImagesRepository, PeopleRepository } from '@embed/data-access';
import { ObjectStorage } from '@embed/storage';
import { KeyResolver } from '../auth/key-resolver';
import { registerEditorCors } from '../editor/editor-cors';
import { EditorAssets } from '../editor-assets/editor-assets';
import { FILE_SETTINGS } from '../files/files.module';
import { GATEWAY_CONTROLLERS } from '../gateway.module';
import { HealthController } from '../health/health.controller';
import { ReadinessService } from '../health/readiness.service';
import { createHttpAdapter } from '../http/fastify';
import { RouteTable } from '../http/route-table';
import { RateLimiterService } from '../rate-limits/rate-limiter.service';
import { UnauthenticatedBudget } from '../rate-limits/unauthenticated-budget';
import { ServiceCalls } from '../services/call-service';
import { OpenApiController } from './openapi.controller';
import { ReferencePages, SITE_SETTINGS } from './reference-pages';
import { asJsonSchema } from './components';

const BASE_URL = 'https://embed.example.com';

/** The gateway's routes as Fastify registers them; nothing is called, so the services are stand-ins. */
@Module({
  imports: [DiscoveryModule],
  controllers: [...GATEWAY_CONTROLLERS, HealthController],
  providers: [
    ...[ServiceCalls, KeyResolver, RateLimiterService, UnauthenticatedBudget, ObjectStorage, PeopleRepository, ImagesRepository, IdempotencyRepository, ReadinessService, FILE_SETTINGS, EditorAssets, ReferencePages].map(
      (provide) => ({ provide, useValue: {} }),
    ),
    { provide: SITE_SETTINGS, useValue: { publicBaseUrl: BASE_URL } },
  ],
})
class RoutesOnlyModule {}

describe('the OpenAPI document', () => {
  const routes = new RouteTable();
  let app: NestFastifyApplication;
  let document: any;

  beforeAll(async () => {
    const adapter = createHttpAdapter(routes);
    app = await NestFactory.create<NestFastifyApplication>(RoutesOnlyModule, adapter, { logger: false });
    registerEditorCors(adapter.getInstance(), { isEditorSite: async () => false });
    await app.init();
    document = app.get(OpenApiController).get();
  });

  afterAll(() => app.close());

  it('is valid OpenAPI 3.1, every reference resolved', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(path.dirname(require.resolve('@seriousme/openapi-schema-validator')), 'bin/validate-api-cli.js');
    // The validator is an ES module, which Jest's CommonJS runtime cannot load: run its CLI.
    const result = JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: 'utf8' }));
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route the server has, and only those', () => {
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const served = routes
      .list()
      .filter(({ method }) => method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url.replace(/:([^/]+)/g, '{$1}')}`);
    // A `*` route (file keys, the editor's preflights) is one parameter or several paths in OpenAPI.
    const covers = (route: string, operation: string) => route === operation || (route.endsWith('*') && operation.startsWith(route.slice(0, -1)));
    expect(served.filter((route) => !documented.some((operation) => covers(route, operation)))).toEqual([]);
    expect(documented.filter((operation) => !served.some((route) => covers(route, operation)))).toEqual([]);
  });

  it('names the configured base URL as its server, and a licence', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: BASE_URL })]);
    expect(document.info.license.name).toMatch(/UNLICENSED/);
  });

  it('declares every path parameter on every operation of the path, the editor’s preflights included', () => {
    const missing = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        [...template.matchAll(/\{([^{}]+)\}/g)]
          .filter(([, name]) => !(operation.parameters ?? []).some((parameter: any) => parameter.in === 'path' && parameter.name === name))
          .map(([, name]) => `${method.toUpperCase()} ${template}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
    expect(document.paths['/editor/v1/designs/{id}/revisions'].options.parameters.map(({ name }: any) => name)).toEqual(['id']);
  });

  it('describes every webhook event kind: its envelope, its data and the signature header', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(['design.deleted', 'design.saved', 'export.created', 'ping', 'user.erased']);
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENT_DATA).sort());
    const saved = document.webhooks['design.saved'].post;
    expect(saved.parameters).toEqual([expect.objectContaining({ name: 'Service-Signature', in: 'header', required: true })]);
    const schema = document.components.schemas[saved.requestBody.content['application/json'].schema.$ref.split('/').pop()];
    expect(schema.required).toEqual(['id', 'type', 'createdAt', 'projectId', 'environment', 'data']);
    expect(schema.properties.type).toMatchObject({ const: 'design.saved' });
    expect(schema.properties.data.required).toEqual(['designId', 'userId', 'revision', 'languages']);
    // The registry's design id rule, the one the HTTP inputs and the messages check.
    expect(schema.properties.data.properties.designId).toEqual(asJsonSchema(DesignIdSchema));
  });

  it('has a real answer as the example of every JSON answer, error and webhook', () => {
    const media = [
      ...Object.values(document.paths as Record<string, Record<string, any>>).flatMap((item) =>
        Object.values(item).flatMap((operation) =>
          Object.entries(operation.responses as Record<string, any>).map(([status, response]) => [`${operation.operationId} ${status}`, response.content?.['application/json']]),
        ),
      ),
      ...Object.entries(document.webhooks as Record<string, any>).map(([kind, item]) => [kind, item.post.requestBody.content['application/json']]),
    ].filter(([, content]) => content?.schema && !content.schema.$ref?.endsWith('/OpenApiDocument'));
    // One example per error code, per schema of a choice (`Export`), else one.
    const wanted = (schema: any): number => (schema.anyOf ? schema.anyOf.reduce((sum: number, choice: any) => sum + wanted(choice), 0) : (schema.properties?.code?.enum?.length ?? 1));
    const without = media.filter(([, content]) => Object.keys(content.examples ?? {}).length < wanted(content.schema)).map(([name]) => name);
    expect(without).toEqual([]);
  });

  it('has operation ids, security and error answers in the spec’s shape', () => {
    const operations = Object.values(document.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    const createToken = document.paths['/embed/v1/tokens'].post;
    expect(createToken.security).toEqual([{ secretKey: [] }]);
    expect(Object.keys(createToken.responses).sort()).toEqual(['200', '400', '401', '403', '409', '413', '415', '429', '503']);
    expect(createToken.responses['403'].content['application/json'].schema.properties.code.enum.sort()).toEqual([
      'origin_not_allowed',
      'project_suspended',
      'workspace_suspended',
    ]);
    expect(createToken.responses['429'].headers['Retry-After']).toBeDefined();
    expect(document.paths['/editor/v1/designs/{id}'].put.security).toEqual([{ editorToken: [] }]);
    expect(document.paths['/embed/v1/openapi.json'].get.security).toEqual([]);
  });

  it('shows the request rules the gateway checks: the registry’s schemas, strict', () => {
    const { schemas } = document.components;
    expect(schemas.CreateTokenDto).toMatchObject({
      required: ['user', 'origin'],
      additionalProperties: false,
      properties: { ttl: { type: 'integer', minimum: 60, maximum: 900 }, origin: { minLength: 1, maxLength: 2048 } },
    });
    expect(schemas.UserRef.properties.id).toEqual({ type: 'string', minLength: 1, maxLength: 256 });
    expect(schemas.Merge.properties.contact).toMatchObject({ propertyNames: { maxLength: 100 }, additionalProperties: { maxLength: 2000 } });
    // The parts a body shares with the messages are the registry's schemas, not a copy.
    for (const schema of [MergeSchema, TextOptionsSchema, UserRefSchema]) expect(schemas[schema.title as string]).toEqual(asJsonSchema(schema));
    expect(schemas.RenderDto.properties.designId).toEqual(asJsonSchema(DesignIdSchema));
    expect(schemas.ExportDto.properties.merge).toEqual({ $ref: '#/components/schemas/Merge' });
    const list = document.paths['/embed/v1/users/{userId}/designs'].get.parameters;
    expect(list).toEqual([
      { name: 'userId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 256 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200 } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string', minLength: 1, maxLength: 512 } },
    ]);
  });

  it('shows the answers the code sends: the registry’s schemas, open to fields added within v1, nested parts by reference', () => {
    const { schemas } = document.components;
    expect(schemas.Design).toMatchObject({ required: ['id', 'name', 'mode', 'revision', 'createdAt', 'updatedAt', 'doc'], properties: { id: asJsonSchema(DesignIdSchema) } });
    expect(schemas.Design.additionalProperties).toBeUndefined();
    expect(schemas.DesignList.properties.designs.items).toEqual({ $ref: '#/components/schemas/DesignSummary' });
    expect(schemas.Rendered.properties.chunks).toEqual({ $ref: '#/components/schemas/HtmlChunks' });
    expect(schemas.Export.anyOf).toEqual([{ $ref: '#/components/schemas/HtmlExport' }, { $ref: '#/components/schemas/FileExport' }]);
    expect(schemas.HtmlExport.properties.format).toBe(false);
    expect(schemas.Error.additionalProperties).toBe(true);
  });
});
