/** A resource the sandbox refuses to load; `message` says why, in words for warnings. */
export class BlockedResourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedResourceError';
  }
}
