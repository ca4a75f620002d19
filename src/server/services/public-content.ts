let version = 0;

/**
 * Marks that something every visitor sees has changed (a product, its price or stock, a review,
 * an info page): copies of public answers made before it are no longer served.
 */
export function publicContentChanged(): void {
  version += 1;
}

/** The current version of the public content; part of every cached answer's key. */
export function publicContentVersion(): number {
  return version;
}
