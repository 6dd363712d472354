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

@Injectable()
export class ExportRecordsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Records a finished export and its `export.created` event together; returns the export's id. */
  async record(person: KnownPerson, input: NewExport): Promise<string> {
    const exportId = newId('exp');
    await this.prisma.$transaction(async (tx) => {
      await tx.exportRecord.create({
        data: { id: exportId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...input },
      });
      const { designId, revision, source, format } = input;
      await addOutboxEvent(tx, person, 'export.created', designId, { exportId, designId, userId: person.userId, revision, source, format });
    });
    return exportId;
  }
}
