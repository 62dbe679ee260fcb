/**
 * "The spaces changed": what the space routes say after a space is listed,
 * edited or removed through this instance, so that answers built from the
 * spaces table and kept elsewhere (the sitemap) are built again. Caches of
 * answers other instances' changes reach expire on their own.
 */
export class SpaceChanges {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every change; returns a function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener that the spaces changed. */
  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
