type MatchLike = { id: string; data?: unknown } | undefined;

/** "Page | Shop" using the shop name the root loader read from the configuration. */
export function pageTitle(matches: readonly MatchLike[], title?: string): string {
  const root = matches.find((m) => m?.id === "root")?.data as { shopName?: string } | undefined;
  const shop = root?.shopName ?? "Pathagar";
  return title ? `${title} | ${shop}` : shop;
}
