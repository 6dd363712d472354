import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import type { BrandKit, BrandKitContent, TenantScope } from '@embed/contracts';
import { PrismaService } from '../prisma.service';

/** A kit as stored: every field present (the empty value for one the server left out), as the APIs show it. */
export type StoredBrandKit = Omit<BrandKit, 'updatedAt'>;

export interface BrandKitRecord {
  kit: StoredBrandKit;
  updatedAt: Date;
}

/** The whole kit from what `PUT /embed/v1/brand-kit` took: a field left out is empty, as a replace means. */
export const storedBrandKit = (content: BrandKitContent): StoredBrandKit => ({
  colors: content.colors,
  fonts: content.fonts ?? [],
  logoUrl: content.logoUrl ?? null,
  text: content.text ?? {},
  link: content.link ?? {},
  button: content.button ?? {},
  paletteOnly: content.paletteOnly ?? false,
  fontsOnly: content.fontsOnly ?? false,
});

const key = ({ projectId, environment }: TenantScope) => ({ projectId_environment: { projectId, environment } });

/** A project's brand kit per environment: one row each, keyed by the tenant, so another project's or environment's kit is never read. */
@Injectable()
export class BrandKitsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(scope: TenantScope): Promise<BrandKitRecord | null> {
    const row = await this.prisma.brandKit.findUnique({ where: key(scope), select: { kit: true, updatedAt: true } });
    // Through storedBrandKit: a kit stored before a field was added reads with that field's empty value.
    return row && { kit: storedBrandKit(row.kit as unknown as BrandKitContent), updatedAt: row.updatedAt };
  }

  /** Sets the kit whole (a PUT): the row is made or replaced. */
  async put(scope: TenantScope, kit: StoredBrandKit): Promise<BrandKitRecord> {
    const json = kit as unknown as Prisma.InputJsonObject;
    const row = await this.prisma.brandKit.upsert({
      where: key(scope),
      create: { projectId: scope.projectId, environment: scope.environment, kit: json },
      update: { kit: json },
      select: { kit: true, updatedAt: true },
    });
    return { kit: row.kit as unknown as StoredBrandKit, updatedAt: row.updatedAt };
  }
}
