/**
 * Memoises public content reads in memory. Public pages read far more often than administrators
 * write, so every read after the first is served without a query; content writes call
 * `invalidate()`.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private generation = 0;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    const generation = this.generation;
    const pending = load().catch((error: unknown) => {
      // A failed load is not cached: the next request tries again.
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw error;
    });
    // A load that started before an invalidation must not repopulate the cache with old data.
    if (generation === this.generation) this.entries.set(key, pending);
    return pending;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
