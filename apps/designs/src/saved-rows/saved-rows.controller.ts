import { Controller } from '@nestjs/common';
import {
  type CreateSavedRowRequest,
  type ListSavedRowsRequest,
  type RenameSavedRowRequest,
  type ReplaceSavedRowRequest,
  type RequestContext,
  type SavedRowRequest,
  SAVED_ROWS_SUBJECTS,
  type SyncedRowsRequest,
} from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { SavedRowsService } from './saved-rows.service';

@Controller()
export class SavedRowsController {
  constructor(private readonly rows: SavedRowsService) {}

  @Handles(SAVED_ROWS_SUBJECTS.list)
  list(request: ListSavedRowsRequest) {
    return this.rows.list(request);
  }

  @Handles(SAVED_ROWS_SUBJECTS.get)
  get(request: SavedRowRequest) {
    return this.rows.get(request);
  }

  @Handles(SAVED_ROWS_SUBJECTS.create)
  create(request: CreateSavedRowRequest, context: RequestContext) {
    return this.rows.create(request, context);
  }

  @Handles(SAVED_ROWS_SUBJECTS.replace)
  replace(request: ReplaceSavedRowRequest) {
    return this.rows.replace(request);
  }

  @Handles(SAVED_ROWS_SUBJECTS.rename)
  rename(request: RenameSavedRowRequest) {
    return this.rows.rename(request);
  }

  @Handles(SAVED_ROWS_SUBJECTS.delete)
  delete(request: SavedRowRequest) {
    return this.rows.delete(request);
  }

  @Handles(SAVED_ROWS_SUBJECTS.synced)
  synced(request: SyncedRowsRequest) {
    return this.rows.synced(request);
  }
}
