/**
 * Holds every answer of the API tests to the OpenAPI document: the harness's `request` calls
 * `checkAnswer` on each, so a status an operation does not document, or a JSON body that does not
 * match the documented schema, fails the test that received it.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "../../src/server/http/openapi";

type Json = Record<string, unknown>;
type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  parameters?: Json[];
};

export const apiDocument = buildOpenApiDocument({ version: "test" });
const DOC_ID = "https://pathagar.test/openapi.json";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...apiDocument, $id: DOC_ID } as unknown as Json, undefined, undefined, false);

type Route = {
  method: string;
  template: string;
  /** Path parameters with an enum match only its values. */
  regex: RegExp;
  /** Any value in every parameter (the handler, not the router, refuses an unknown one). */
  loose: RegExp;
  literal: number;
  operation: Operation;
};

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
}

/** Every documented operation with a matcher for its path; an enum path parameter matches its values only. */
const ROUTES: Route[] = Object.entries(apiDocument.paths ?? {}).flatMap(([template, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => {
    const enums = new Map<string, string[]>();
    for (const p of operation.parameters ?? []) {
      const values = (p.schema as Json | undefined)?.enum;
      if (p.in === "path" && Array.isArray(values)) enums.set(String(p.name), values.map(String));
    }
    const source = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const values = enums.get(name);
      return values ? `(?:${values.map((v) => v.replace(/[^\w]/g, "\\$&")).join("|")})` : "[^/]+";
    });
    return {
      method: method.toUpperCase(),
      template,
      regex: new RegExp(`^${source}$`),
      loose: new RegExp(`^${template.replace(/\{(\w+)\}/g, "[^/]+")}$`),
      literal: template.split("/").filter((s) => s && !s.startsWith("{")).length,
      operation,
    };
  }),
);

/** The documented operation a request reaches, the one with the most fixed segments first. */
export function findOperation(method: string, pathname: string, loose = false): Route | undefined {
  return ROUTES.filter(
    (r) => r.method === method.toUpperCase() && (loose ? r.loose : r.regex).test(pathname),
  ).sort((a, b) => b.literal - a.literal)[0];
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(route: Route, status: string): ValidateFunction {
  const key = `${route.method} ${route.template} ${status}`;
  let v = validators.get(key);
  if (!v) {
    const ref = `${DOC_ID}#/${pointer("paths", route.template, route.method.toLowerCase(), "responses", status, "content", "application/json", "schema")}`;
    v = ajv.compile({ $ref: ref });
    validators.set(key, v);
  }
  return v;
}

export type Answer = { method: string; path: string; status: number; headers: Headers; text: string };

/** Why an answer breaks the documented contract, or null when it keeps it. */
export function contractViolation(a: Answer): string | null {
  // The path as the router matches it: dot segments resolved (by URL), percent-escapes decoded.
  const parsed = new URL(a.path, "http://shop.test").pathname;
  let pathname = parsed;
  try {
    pathname = decodeURI(parsed);
  } catch {
    // a malformed escape is matched as it is
  }
  if (!pathname.startsWith("/api/") && pathname !== "/api") return null;
  // A value outside a path parameter's enum reaches no route (404), or a handler that refuses it.
  const route =
    findOperation(a.method, pathname) ??
    (a.status === 404 ? undefined : findOperation(a.method, pathname, true));
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    body = undefined;
  }
  const said = `${a.method} ${a.path} answered ${a.status}`;
  if (!route) {
    // An endpoint that does not exist: the 404 envelope, nothing else.
    const env = body as Json | undefined;
    if (a.status === 404 && env?.statusCode === 404 && typeof env.message === "string") return null;
    return `${said}, but no operation of the API document matches ${a.method} ${pathname} (an endpoint missing from src/server/http/openapi.ts?)\n${a.text.slice(0, 500)}`;
  }
  const response = route.operation.responses[String(a.status)];
  if (!response) {
    const documented = Object.keys(route.operation.responses).join(", ");
    return `${said}, which ${route.method} ${route.template} does not document (documented: ${documented})\n${a.text.slice(0, 500)}`;
  }
  const content = response.content ?? {};
  if (content["application/json"]?.schema) {
    if (body === undefined) return `${said} with a body that is not JSON: ${a.text.slice(0, 300)}`;
    const validate = validatorFor(route, String(a.status));
    if (!validate(body)) {
      const problems = (validate.errors ?? [])
        .slice(0, 8)
        .map(
          (e) =>
            `  ${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
        )
        .join("\n");
      return `${said}; the body does not match the document's schema for ${route.method} ${route.template} ${a.status}:\n${problems}\nbody: ${a.text.slice(0, 800)}`;
    }
    const statusCode = (body as Json).statusCode;
    if (statusCode !== a.status) return `${said} but its envelope says statusCode ${String(statusCode)}`;
    return null;
  }
  const type = Object.keys(content)[0];
  if (type && type !== "*/*" && !(a.headers.get("content-type") ?? "").startsWith(type)) {
    return `${said} with Content-Type ${a.headers.get("content-type")}, documented ${type}`;
  }
  if (a.status >= 300 && a.status < 400 && !a.headers.get("location")) return `${said} without a Location`;
  return null;
}
