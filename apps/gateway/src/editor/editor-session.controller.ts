import { Controller, Get, Header } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type EditorSession, type EditorSessionInfo, type JournalKeyRequest } from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';

/**
 * What the token acts as, for the editor and its SDK: the project's mode; what the token
 * allows (the editor mounts read-only for a read token whatever the page asked, contracts
 * §3); and the person's journal key, with which the SDK encrypts and names the work it
 * keeps in the browser (docs/editor.md, Journal), so that it is read back only for this
 * person, and for no one once they are erased (the key goes with them).
 */
@Controller('editor/v1/session')
export class EditorSessionController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  // The key is the person's: no cache keeps it.
  @Header('Cache-Control', 'no-store')
  @EditorEndpoint('editorRead', {
    operationId: 'getEditorSession',
    summary: 'What the token acts as: the project’s mode, whether it may write (`access`), and the person’s journal key (made on first need).',
    answers: { 200: 'EditorSession' },
    errors: { 409: ['user_erased'] },
  })
  async session(@Session() session: EditorSession): Promise<EditorSessionInfo> {
    const { projectId, environment, userId } = session;
    const request: JournalKeyRequest = { person: { projectId, environment, userId } };
    const { journalKey } = await this.services.call(DESIGNS_SUBJECTS.journalKey, request);
    return { mode: session.mode, access: session.access, journalKey };
  }
}
