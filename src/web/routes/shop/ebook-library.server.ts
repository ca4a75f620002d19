import type { RouterContextProvider } from "react-router";
import type { LibraryCourse, LibraryEbook } from "../../../contracts/library";
import { listMyLibrary } from "../../../server/services/reading/entitlements";
import { getApp, loadFrom } from "../../lib/app-context.server";

export type ShelfEbook = LibraryEbook;
export type ShelfCourse = LibraryCourse;

/**
 * The signed-in user's e-books (last read first) and courses (last studied first). The page
 * writes the day each was bought in its own language (Dhaka dates agree on server and browser).
 */
export async function loadMyLibrary(
  context: Readonly<RouterContextProvider>,
): Promise<{ ebooks: ShelfEbook[]; courses: ShelfCourse[] }> {
  return await loadFrom(() => listMyLibrary(getApp(context).ctx));
}
