/** Product kinds as the cart names them (`stationary` is the specification's spelling). */
export const PRODUCT_KINDS = ["book", "ebook", "bundle", "stationary", "content"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Physical kinds carry stock and need delivery. */
export const PHYSICAL_KINDS: readonly ProductKind[] = ["book", "stationary", "bundle"];

/** Academic tracks a product can be tagged with. */
export const TRACKS = ["hsc", "cycle", "engineering", "medical", "varsity"] as const;
export type Track = (typeof TRACKS)[number];

export const TRACK_INFO: Record<Track, { name: string; path: string; blurb: string }> = {
  hsc: { name: "HSC", path: "/academic", blurb: "Textbooks, guides and test papers for every HSC subject" },
  cycle: {
    name: "Academic cycle",
    path: "/academic/cycle",
    blurb: "Chapter-by-chapter preparation through the HSC year",
  },
  engineering: {
    name: "Engineering",
    path: "/engineering",
    blurb: "BUET, CKRUET and engineering admission tests",
  },
  medical: { name: "Medical", path: "/medical", blurb: "MBBS and dental admission preparation" },
  varsity: {
    name: "Varsity",
    path: "/varsity",
    blurb: "Dhaka University and other university admission tests",
  },
};

export const SORTS = ["relevance", "newest", "price_asc", "price_desc", "best_selling"] as const;
export type Sort = (typeof SORTS)[number];

export const CHAPTER_KINDS = ["video", "pdf", "text"] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

export const INFO_SLUGS = [
  "about",
  "cancelation",
  "contact",
  "privacy-policy",
  "refund",
  "termsandconditions",
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export type AuthorRef = { name: string; name_bn: string | null; slug: string };

/** A product as lists show it. Money here is poisha; the API turns it into taka. */
export type ProductCard = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  title_bn: string | null;
  price: number;
  sale_price: number | null;
  in_stock: boolean;
  image: string | null;
  authors: AuthorRef[];
  rating: { average: number | null; count: number };
  url: string;
};

export type Chapter = {
  id: number;
  position: number;
  title: string;
  kind: ChapterKind;
  is_free: boolean;
  /** Only for free chapters (and, later, owners). */
  body: string | null;
};

export type ProductDetail = ProductCard & {
  description: string;
  tracks: Track[];
  hsc_year: number | null;
  language: string;
  stock: number | null;
  book?: {
    publisher: string | null;
    edition: string | null;
    isbn: string | null;
    pages: number | null;
    ebook_id: number | null;
  };
  ebook?: { page_count: number; demo_pages: number[]; book: ProductCard | null };
  bundle?: { items: (ProductCard & { quantity: number })[]; items_total: number; saving: number };
  stationery?: { brand: string | null; category: string; images: string[] };
  content?: { chapters: Chapter[] };
  related: ProductCard[];
};

export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  limit: number;
  /** Set when more matched than `total` counts (a search counts up to 1,000). */
  more?: boolean;
};
