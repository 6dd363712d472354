/** A lookup by id found nothing; the message is fit to show to an operator. */
export class RecordNotFoundError extends Error {
  constructor(entity: string, id: string) {
    super(`${entity} ${id} not found`);
    this.name = 'RecordNotFoundError';
  }
}
