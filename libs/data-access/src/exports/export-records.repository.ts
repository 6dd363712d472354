import { Injectable } from '@nestjs/common';
import type { ExportFormat, ExportSource } from '@embed/contracts';
import { newId } from '../ids';
import { addOutboxEvent } from '../outbox/outbox-events';
import type { KnownPerson } from '../people/people.repository';
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

  /** Records a finished export and its `export.created` event together; returns the export's id. */
  async record(person: KnownPerson, input: NewExport | NewFileExport): Promise<string> {
    const { exportId = newExportId(), ...fields } = input as Partial<NewFileExport> & NewExport;
    await this.prisma.$transaction(async (tx) => {
      await tx.exportRecord.create({
        data: { id: exportId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...fields },
      });
      const { designId, revision, source, format } = input;
      await addOutboxEvent(tx, person, 'export.created', designId, { exportId, designId, userId: person.userId, revision, source, format });
    });
    return exportId;
  }
}
