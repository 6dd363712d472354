import { Controller } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type JournalKey, type JournalKeyRequest, ok, type ServiceReply } from '@embed/contracts';
import { PeopleRepository } from '@embed/data-access';
import { Handles } from '@embed/service-runtime';
import { userErased } from '../common/replies';
import { PeopleService } from './people.service';

/**
 * The person's journal key (docs/erasure.md): the editor's SDK encrypts and names the work
 * it keeps in a browser with it, so that only this person's next editor reads it back, and
 * no one once the person is erased. Asked for with a token, so the person is known.
 */
@Controller()
export class JournalKeysController {
  constructor(
    private readonly people: PeopleService,
    private readonly repository: PeopleRepository,
  ) {}

  @Handles(DESIGNS_SUBJECTS.journalKey)
  async journalKey(request: JournalKeyRequest): Promise<ServiceReply<JournalKey>> {
    const found = await this.people.existing(request.person);
    if (!found.ok) return found;
    const key = found.value && (await this.repository.journalKey(found.value));
    return key ? ok({ journalKey: key.toString('base64url') }) : userErased();
  }
}
