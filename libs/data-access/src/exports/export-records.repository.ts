import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type ExportFormat, type ExportSource, type RequestContext } from '@embed/contracts';
import { newId } from '../ids';
import { addOutboxEvent } from '../outbox/outbox-events';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';

export interface NewExport {
  designId: string;
  revision: number;
  format: ExportFormat;
  source: ExportSource;
  /** Size of what was handed out (the HTML, the text or the file). */
  bytes: number;
}

/** A file export: its id was chosen before the file was made, since the file is stored under it. */
export interface NewFileExport extends NewExport {
  exportId: string;
  storageKey: string;
  filename: string;
  expiresAt: Date;
}

/** The id of an export whose file is made before it is recorded. */
export const newExportId = () => newId('exp');

@Injectable()
export class ExportRecordsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records a finished export and its `export.created` event together; returns the
   * export's id. Throws PersonErasedError once the person's erasure has started (see
   * lockActivePerson): an export recorded is one whose file the erasure will find.
   * Past the deadline of the request (`context`) it records nothing (DeadlinePassedError).
   */
  async record(person: KnownPerson, input: NewExport | NewFileExport, context: RequestContext): Promise<string> {
    const { exportId = newExportId(), ...fields } = input as Partial<NewFileExport> & NewExport;
    await this.prisma.transaction(async (tx) => {
      await lockActivePerson(tx, person);
      await tx.exportRecord.create({
        data: { id: exportId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...fields },
      });
      const { designId, revision, source, format } = input;
      await addOutboxEvent(tx, person, 'export.created', designId, { exportId, designId, userId: person.userId, revision, source, format }, context);
      assertBeforeDeadline(context.deadline, 'the export was recorded');
    }, context.deadline);
    return exportId;
  }
}
