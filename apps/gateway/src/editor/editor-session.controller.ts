import { Controller, Get } from '@nestjs/common';
import type { EditorSession, TokenSession } from '@embed/contracts';
import { Session } from '../auth/request-context';
import { EditorEndpoint } from './editor-endpoint';

/**
 * `GET /editor/v1/session`: the editor asks the service, not the page, what its token
 * allows, and mounts read-only for a read token whatever the page asked (contracts §3).
 */
@Controller('editor/v1/session')
export class EditorSessionController {
  @Get()
  @EditorEndpoint('editorRead', { operationId: 'getEditorSession', summary: 'What the token acts for: the project’s mode, and whether it may write (`access`).', answers: { 200: 'TokenSession' } })
  get(@Session() session: EditorSession): TokenSession {
    return { mode: session.mode, access: session.access };
  }
}
