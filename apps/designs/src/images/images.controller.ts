import { Controller } from '@nestjs/common';
import {
  type DeleteImageRequest,
  DESIGNS_SUBJECTS,
  IMAGES_SUBJECTS,
  type ListImagesRequest,
  type RequestContext,
  type StoreImageRequest,
  type StoreProjectImageRequest,
} from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { ImageLibraryService } from './image-library.service';
import { StoreImage } from './store-image';

@Controller()
export class ImagesController {
  constructor(
    private readonly storeImage: StoreImage,
    private readonly library: ImageLibraryService,
  ) {}

  @Handles(DESIGNS_SUBJECTS.storeImage)
  store(request: StoreImageRequest, context: RequestContext) {
    return this.storeImage.execute(request, context);
  }

  @Handles(IMAGES_SUBJECTS.storeProjectImage)
  storeForProject(request: StoreProjectImageRequest, context: RequestContext) {
    return this.storeImage.executeForProject(request, context);
  }

  @Handles(IMAGES_SUBJECTS.list)
  list(request: ListImagesRequest) {
    return this.library.list(request);
  }

  @Handles(IMAGES_SUBJECTS.delete)
  delete(request: DeleteImageRequest, context: RequestContext) {
    return this.library.delete(request, context);
  }
}
