import { Controller, Get, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NO_EDITOR_CORS } from '../http/api-surface';
import { ApiError } from '../http/api-error';
import { ApiOperation } from '../openapi/operation-doc';
import { type EditorAsset, EditorAssets } from './editor-assets';

/**
 * The embedded editor's files (contracts §7): the SDK integrators load, and the editor
 * app that the SDK frames. Public and the same for everyone; no token is involved,
 * and no CORS: a page loads them as a script and a frame, never reads them.
 */
@Controller('editor/v1')
export class EditorAssetsController {
  constructor(private readonly assets: EditorAssets) {}

  @Get('embed.js')
  @RouteConfig(NO_EDITOR_CORS)
  @ApiOperation({ operationId: 'getEditorSdk', summary: 'The editor SDK (`EmbedEditor`) for integrators’ pages.', answers: { 200: null }, fileTypes: ['text/javascript'] })
  sdk(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return send(request, reply, this.assets.sdk);
  }

  /**
   * The router takes `/editor/v1/app/` and `/editor/v1/app` as this one route (a trailing
   * slash names the same route), but the page names its scripts relative to its folder, so
   * it is served at the folder's address only and the address without the slash is sent there.
   */
  @Get('app')
  @RouteConfig(NO_EDITOR_CORS)
  @ApiOperation({
    operationId: 'getEditorPage',
    summary: 'The page of the editor app that the SDK puts in a frame, at `/editor/v1/app/`; without the trailing slash, a redirect there.',
    answers: { 200: null, 308: null },
    fileTypes: ['text/html'],
  })
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [path, query] = splitQuery(request.url);
    if (path.endsWith('/')) return send(request, reply, this.assets.page);
    await reply.redirect(`app/${query}`, 308);
  }

  @Get('app/*')
  @RouteConfig(NO_EDITOR_CORS)
  @ApiOperation({
    operationId: 'getEditorApp',
    summary: 'The files of the editor app: its page again as `index.html`, its content-hashed scripts and styles, and the images renders point at (social icons, the placeholder of an image not chosen yet; versioned names).',
    answers: { 200: null },
    fileTypes: ['text/html', 'text/javascript', 'text/css', 'application/json', 'image/png'],
    wildcard: { name: 'file', description: '`index.html`, `assets/<hashed name>`, or `assets/<image>-v<version>.png`.' },
    errors: { 404: ['not_found'] },
  })
  app(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const found = this.assets.underApp((request.params as Record<string, string>)['*'] ?? '');
    if (!found) throw new ApiError(404, 'not_found', 'There is no editor file at this address.');
    return send(request, reply, found);
  }
}

/** `/a/b?x=1` -> [`/a/b`, `?x=1`]. */
function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

async function send(request: FastifyRequest, reply: FastifyReply, asset: EditorAsset): Promise<void> {
  void reply.headers(asset.headers);
  if (request.headers['if-none-match'] === asset.headers['etag']) return void (await reply.status(304).send());
  const gzip = asset.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) void reply.header('content-encoding', 'gzip');
  await reply.send(gzip ? asset.gzipped : asset.body);
}
