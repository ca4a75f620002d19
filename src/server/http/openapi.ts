/**
 * /api/openapi.json, made from the endpoints' descriptions (each beside its handlers under
 * src/server/http/api, gathered in api/endpoints.ts). Request schemas are the ones the services
 * parse, answer schemas the ones the types derive from, so the document cannot drift from the
 * code without a test noticing (tests/api/openapi.test.ts: every route of the app is described,
 * and every answer of the API tests matches its description).
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { envelopeOf, errorEnvelopeSchema } from "../../contracts/answers/shared";
import { z } from "../../contracts/zod";
import { SESSION_COOKIE } from "../services/accounts/sessions";
import { ENDPOINTS } from "./api/endpoints";
import type { Access, Endpoint } from "./endpoint";

const STATUS_WORDS: Record<number, string> = {
  400: "Bad input: `message` says what, `errors` names each field (also a NUL character in the address or body, or a body that does not parse)",
  401: "Not signed in",
  403: "Signed in without the permission this needs, or a cross-site write",
  404: "No such thing (or not the caller's)",
  409: "Refused in the current state (stock, status, already used)",
  413: "The request body is too large",
  415: "The body is not of a type this endpoint reads",
  429: "Too many attempts: wait and try again",
  503: "The shop's database, or a service it depends on (gateway, courier), did not answer; nothing changed. `Retry-After` says in how many seconds to try again",
};

function accessText(access: Access): string {
  switch (access.who) {
    case "anyone":
      return "Anyone; signed in or not.";
    case "signed-in":
      return "A signed-in account (any role).";
    case "staff":
      return `Staff holding the \`${access.permission}\` permission, or an admin.`;
    case "any-staff":
      return "Any staff member or admin.";
    case "admin":
      return "Admins only.";
    case "gateway":
      return "The payment gateway or the buyer's browser on its way back; no session, no Origin check.";
  }
}

/** The refusals an endpoint can answer: its own, and those its access, parameters and body imply. */
export function errorStatuses(e: Endpoint): number[] {
  // Any request may be refused at the edge: a NUL character in its address or body, or a body
  // that does not parse.
  const out = new Set([...(e.errors ?? []), 400]);
  // Any request may find the database out of reach (decision 49).
  out.add(503);
  for (const status of Object.keys(e.errorData ?? {})) out.add(Number(status));
  if (e.access.who !== "anyone" && e.access.who !== "gateway") out.add(401);
  if (e.access.who === "staff" || e.access.who === "any-staff" || e.access.who === "admin") out.add(403);
  if (e.params) out.add(404);
  if (e.method !== "get") {
    out.add(413);
    if (e.access.who !== "gateway") {
      // Writes from another site are refused; a body, when sent, must be JSON.
      out.add(403);
      out.add(415);
    }
  }
  // A redirecting callback answers every refusal with the failure page instead.
  if (e.success.some((s) => "redirect" in s)) return [...out].filter((s) => s === 400 || s === 413);
  return [...out].sort((a, b) => a - b);
}

function operationOf(e: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const s of e.success) {
    if ("redirect" in s) {
      responses[s.status] = {
        description: s.description,
        headers: z.object({ location: z.string().meta({ description: "Where the browser goes next" }) }),
      };
    } else if ("mediaType" in s) {
      responses[s.status] = { description: s.description, content: { [s.mediaType]: {} } };
    } else {
      responses[s.status] = {
        description: s.description,
        content: { "application/json": { schema: envelopeOf(s.data) } },
      };
    }
  }
  for (const status of errorStatuses(e)) {
    const data = e.errorData?.[status];
    responses[status] = {
      description:
        status === 409 && data
          ? "A stale edit: `data` is the record as it now is"
          : (STATUS_WORDS[status] ?? "Refused"),
      content: {
        "application/json": {
          schema: data ? errorEnvelopeSchema.extend({ data: data.optional() }) : errorEnvelopeSchema,
        },
      },
    };
  }
  const op: ZodOpenApiOperationObject = {
    operationId: `${e.method}${e.path
      .replace(/^\/api/, "")
      .replace(/\{(\w+)\}/g, "By-$1")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
    tags: [e.tag],
    summary: e.summary,
    description: [e.description, `**Who may call:** ${accessText(e.access)}`].filter(Boolean).join("\n\n"),
    security: e.access.who === "anyone" || e.access.who === "gateway" ? [] : [{ session: [] }],
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
  if (e.params || e.query) {
    op.requestParams = { ...(e.params ? { path: e.params } : {}), ...(e.query ? { query: e.query } : {}) };
  }
  if (e.body) op.requestBody = { required: true, content: { "application/json": { schema: e.body } } };
  if (e.upload) {
    const binary = { type: "string", format: "binary" } as const;
    op.requestBody = {
      required: true,
      description: e.upload.description,
      content: Object.fromEntries(
        e.upload.types.map((t) => [t, { schema: { ...binary, contentMediaType: t } }]),
      ),
    };
  }
  if (e.form) {
    op.requestBody = {
      content: {
        "application/x-www-form-urlencoded": { schema: e.form },
        "multipart/form-data": { schema: e.form },
        "application/json": { schema: e.form },
      },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of ENDPOINTS. */
export function buildOpenApiDocument(opts: { version: string; serverUrl?: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) {
    paths[e.path] ??= {};
    const item = paths[e.path] as Record<string, ZodOpenApiOperationObject>;
    if (item[e.method]) throw new Error(`${e.method.toUpperCase()} ${e.path} is described twice`);
    item[e.method] = operationOf(e);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Pathagar API",
      version: opts.version,
      description: [
        "The shop's REST contract. Every answer is the envelope `{ statusCode, message, data?, errors? }`",
        "with the HTTP status equal to `statusCode`. Bad input gets 400 with a message per field in `errors`.",
        `Signing in sets the \`${SESSION_COOKIE}\` cookie (HttpOnly); send it back with each call.`,
        "Writes must come from the shop's own origin and carry a JSON body (the upload endpoints: the file itself, with its own type).",
        "Money is whole poisha (100 to the taka) in every answer; times are ISO 8601 in UTC.",
      ].join(" "),
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    tags: [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie set by sign-in and sign-up.",
        },
      },
    },
    paths,
  });
}

let cached: { version: string; doc: ReturnType<typeof buildOpenApiDocument> } | undefined;

/** The document, built once per version (it does not change while the server runs). */
export function openApiDocument(version: string) {
  if (cached?.version !== version) cached = { version, doc: buildOpenApiDocument({ version }) };
  return cached.doc;
}
