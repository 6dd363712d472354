import { Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** Lets readiness checks reach the database without seeing Prisma. */
@Injectable()
export class DatabaseHealth {
  constructor(private readonly prisma: PrismaService) {}

  ping(): Promise<void> {
    return this.prisma.ping();
  }
}
