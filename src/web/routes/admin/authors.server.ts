import type { RouterContextProvider } from "react-router";
import { authorsQuerySchema } from "../../../contracts/admin-authors";
import { listAdminAuthors } from "../../../server/services/catalog/admin-authors";
import { loadAdminList } from "../../lib/admin-list.server";

/** The authors list's view, read from the URL with the API's own query schema. */
export function loadAuthors(context: Readonly<RouterContextProvider>, request: Request) {
  return loadAdminList(context, request, authorsQuerySchema, listAdminAuthors);
}
