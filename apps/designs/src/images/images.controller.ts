import { Controller } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type RequestContext, type StoreImageRequest } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { StoreImage } from './store-image';

@Controller()
export class ImagesController {
  constructor(private readonly storeImage: StoreImage) {}

  @Handles(DESIGNS_SUBJECTS.storeImage)
  store(request: StoreImageRequest, context: RequestContext) {
    return this.storeImage.execute(request, context);
  }
}
