import type { RouterContextProvider } from "react-router";
import type { LibraryCourse, LibraryEbook } from "../../../contracts/library";
import { listMyLibrary } from "../../../server/services/entitlements";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { formatDhakaDate } from "../../lib/dates";

/** An owned item as the page shows it: the day it was bought already written out in Dhaka time. */
type Shelved<T> = T & { boughtText: string };
export type ShelfEbook = Shelved<LibraryEbook>;
export type ShelfCourse = Shelved<LibraryCourse>;

/** The signed-in user's e-books (last read first) and courses (last studied first). */
export async function loadMyLibrary(
  context: Readonly<RouterContextProvider>,
): Promise<{ ebooks: ShelfEbook[]; courses: ShelfCourse[] }> {
  const { ebooks, courses } = await loadFrom(() => listMyLibrary(getApp(context).ctx));
  const shelve = <T extends { boughtAt: string }>(item: T): Shelved<T> => ({
    ...item,
    boughtText: formatDhakaDate(item.boughtAt),
  });
  return { ebooks: ebooks.map(shelve), courses: courses.map(shelve) };
}
