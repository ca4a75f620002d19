/**
 * The closed lists that several contracts and the answers' schemas share, in modules that import
 * nothing: the contracts' modules re-export them where they belong, and `answers.ts` reads them
 * here, so that no import circle runs through the contracts. This one holds what every shop page
 * uses (it is part of the first-load code); `enums-orders.ts` the lists about orders. A contract
 * imports a list and then exports it (not `export … from`): the first-load chunk grouping
 * (vite.config.ts) follows imports only.
 */

/** Product kinds as the cart names them (`stationary` is the specification's spelling). */
export const PRODUCT_KINDS = ["book", "ebook", "bundle", "stationary", "content"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Academic tracks a product can be tagged with. */
export const TRACKS = ["hsc", "cycle", "engineering", "medical", "varsity"] as const;
export type Track = (typeof TRACKS)[number];

/** What a course chapter is. */
export const CHAPTER_KINDS = ["video", "pdf", "text"] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

/** Who an account is. */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
