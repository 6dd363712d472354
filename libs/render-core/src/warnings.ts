/** Where a block sits, in words an author recognises (1-based). */
export type Place = string;

export const blockPlace = (row: number, column: number, block: number): Place =>
  `row ${row + 1}, column ${column + 1}, block ${block + 1}`;

/** Collects warnings in words, each once, in the order they were found. */
export class Warnings {
  private readonly seen = new Set<string>();

  add(message: string): void {
    this.seen.add(message);
  }

  list(): string[] {
    return [...this.seen];
  }
}
