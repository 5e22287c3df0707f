/** A Storage kept in memory: where the browser's localStorage is missing (server rendering, tests). */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  clear(): void {
    this.#items.clear();
  }
}
