/**
 * How an endpoint is described for /api/openapi.json: who may call it, what it takes and what it
 * answers. Each file under src/server/http/api describes its own endpoints beside its handlers
 * with these; src/server/http/api/endpoints.ts gathers them and src/server/http/openapi.ts makes
 * the document (tests/api/openapi.test.ts: every route of the app is described, and every answer
 * of the API tests matches its description).
 */
import type { AdminArea } from "../../contracts/permissions";
import { z } from "../../contracts/zod";

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type ZodObject = z.ZodObject;

/**
 * Who may call an endpoint; `staff` names the admin area whose permission it needs (admins hold
 * all), or null for any staff member.
 */
export type Access =
  | { who: "anyone" }
  | { who: "signed-in" }
  | { who: "staff"; permission: AdminArea }
  /** Any staff member or admin, whatever they hold (the answer may hold less for less). */
  | { who: "any-staff" }
  | { who: "admin" }
  | { who: "gateway" };

/** A successful answer: the envelope with this `data`, a redirect, or another media type. */
export type Success =
  | { status: 200 | 201 | 202; description: string; data?: z.ZodType }
  | { status: 303; description: string; redirect: true }
  | { status: 200; description: string; mediaType: string };

export type Endpoint = {
  method: Method;
  /** The OpenAPI path (`{param}` form), `/api` included. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: ZodObject;
  query?: ZodObject;
  /** A JSON body: the schema the service parses. */
  body?: z.ZodType;
  /** A gateway's callback: its fields as a form, or JSON. */
  form?: z.ZodType;
  /** An upload: the file as the raw body, in one of these media types (checked by its bytes). */
  upload?: { types: readonly string[]; description: string };
  success: Success[];
  /** Refusals this endpoint gives beyond those its access, parameters and body imply. */
  errors?: number[];
  /** Refusals that carry a `data`, by status: a stale edit's 409 (the record as it now is), the books import's 400 (its per-row report). */
  errorData?: Partial<Record<number, z.ZodType>>;
};

export const anyone: Access = { who: "anyone" };
export const signedIn: Access = { who: "signed-in" };
export const staff = (permission: AdminArea): Access => ({ who: "staff", permission });
export const anyStaff: Access = { who: "any-staff" };
/** A 200 answer: the envelope with this `data`. */
export const okAnswer = (description: string, data?: z.ZodType): Success => ({
  status: 200,
  description,
  data,
});
/** A 201 answer: the envelope with this `data`. */
export const createdAnswer = (description: string, data?: z.ZodType): Success => ({
  status: 201,
  description,
  data,
});
export const listOf = <T extends z.ZodType>(item: T) => z.array(item);
export const MB = 1024 * 1024;
