import { Controller } from '@nestjs/common';
import { BRAND_KIT_SUBJECTS, type BrandKitRequest, type PutBrandKitRequest } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { BrandKitsService } from './brand-kits.service';

@Controller()
export class BrandKitsController {
  constructor(private readonly kits: BrandKitsService) {}

  @Handles(BRAND_KIT_SUBJECTS.get)
  get(request: BrandKitRequest) {
    return this.kits.get(request);
  }

  @Handles(BRAND_KIT_SUBJECTS.put)
  put(request: PutBrandKitRequest) {
    return this.kits.put(request);
  }
}
