/**
 * view_item, view_item_list and search (analytics-events.ts), pushed once the events' code has
 * loaded: the product and list pages call these, the shell does not (decision 4).
 */
export function pushViewItem(...args: Parameters<typeof import("./analytics-events").pushViewItem>): void {
  void import("./analytics-events").then((m) => m.pushViewItem(...args));
}

export function pushViewItemList(
  ...args: Parameters<typeof import("./analytics-events").pushViewItemList>
): void {
  void import("./analytics-events").then((m) => m.pushViewItemList(...args));
}

export function pushSearch(...args: Parameters<typeof import("./analytics-events").pushSearch>): void {
  void import("./analytics-events").then((m) => m.pushSearch(...args));
}
