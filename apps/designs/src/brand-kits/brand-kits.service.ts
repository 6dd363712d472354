import { Injectable } from '@nestjs/common';
import { type BrandKit, brandKitProblem, type BrandKitRequest, EMPTY_BRAND_KIT, fail, ok, type PutBrandKitRequest, type ServiceReply } from '@embed/contracts';
import { type BrandKitRecord, BrandKitsRepository, storedBrandKit } from '@embed/data-access';

const asBrandKit = ({ kit, updatedAt }: BrandKitRecord): BrandKit => ({ ...kit, updatedAt: updatedAt.toISOString() });

/** The project's brand kit per environment (docs/server-api.md, Brand kit): set whole by the server API, read by it and the editor. */
@Injectable()
export class BrandKitsService {
  constructor(private readonly kits: BrandKitsRepository) {}

  /** The kit, or the empty kit while the server has set none: the editor reads it for every new design and needs no special case. */
  async get({ scope }: BrandKitRequest): Promise<ServiceReply<BrandKit>> {
    const record = await this.kits.find(scope);
    return ok(record ? asBrandKit(record) : EMPTY_BRAND_KIT);
  }

  async put({ scope, kit }: PutBrandKitRequest): Promise<ServiceReply<BrandKit>> {
    const problem = brandKitProblem(kit);
    if (problem) return fail(400, 'request_invalid', `${problem.field} ${problem.message}`);
    return ok(asBrandKit(await this.kits.put(scope, storedBrandKit(kit))));
  }
}
