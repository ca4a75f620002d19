import type { PublicUser } from "../../contracts/user";
import type { Logger } from "../logger";
import type { Ctx } from "../services/context";

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    ip: string;
    user: PublicUser | null;
    sessionToken: string | undefined;
    ctx: Ctx;
    /** The nonce of this page's inline scripts (pages only; see middleware/headers.ts). */
    nonce?: string;
    /** Set when the database could not be reached before the page was asked for: the page is the 503 error page. */
    databaseUnavailable?: boolean;
    /** The message a form's action left for this page, or one this request made (middleware/flash.ts). */
    flash?: import("../../contracts/flash").Flash | null;
  };
};
