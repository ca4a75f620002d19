import { createContext } from "react";

/**
 * The shop's stylesheet as text, given by the server's renderer (entry.server.tsx) to the
 * document's `<head>`: a first page load paints with no stylesheet request to wait for (on a slow
 * phone network that request shares the line with the page's scripts). The browser's renderer has
 * none (null): the style element the server wrote stays as it is.
 */
export const InlineCssContext = createContext<string | null>(null);
