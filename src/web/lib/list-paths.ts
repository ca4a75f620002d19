/**
 * The shop's list pages (a grid of product cards under filters): a navigation to one shows the
 * list's skeleton while its page loads. Product pages, the cart and the rest keep the page shown.
 */
const LIST_PATHS = [
  /^\/search$/,
  /^\/ebook$/,
  /^\/bundle$/,
  /^\/bundles\/[^/]+$/,
  /^\/stationery$/,
  /^\/content$/,
  /^\/academic$/,
  /^\/academic\/cycle$/,
  /^\/engineering$/,
  /^\/medical$/,
  /^\/varsity$/,
  /^\/author\/[^/]+$/,
];

export function isListPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return LIST_PATHS.some((re) => re.test(path));
}
