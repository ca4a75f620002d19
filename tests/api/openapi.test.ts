import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../src/server/http/api/endpoints";
import { apiDocument, contractViolation, findOperation } from "./contract";
import { createHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** `/:id`, `/:outcome{success|fail}` and `/*` in Hono's form; `{id}` in OpenAPI's. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

/** The app's own /api routes: handlers, not middleware (Hono lists `use` as method ALL). */
function appRoutes(): string[] {
  const out = new Set<string>();
  for (const r of h.app.routes) {
    if (!r.path.startsWith("/api/") || r.method === "ALL" || r.path.includes("*")) continue;
    out.add(`${r.method} ${toOpenApiPath(r.path)}`);
  }
  return [...out].sort();
}

function documentedRoutes(): string[] {
  return Object.entries(apiDocument.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item as Json)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
}

/** Every `$ref` in a value, with where it was found. */
function refsOf(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value as Json).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refsOf(v, `${at}/${k}`),
  );
}

function resolve(pointer: string): unknown {
  if (!pointer.startsWith("#/")) return undefined;
  let node: unknown = apiDocument;
  for (const raw of pointer.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    node = node && typeof node === "object" ? (node as Json)[key] : undefined;
  }
  return node;
}

describe("the API document", () => {
  it("is served at /api/openapi.json as OpenAPI 3.1", async () => {
    const res = await h.request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Pathagar API");
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "pathagar_session" }),
    );
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("describes every /api route the app serves, and nothing it does not serve", () => {
    const served = appRoutes();
    const documented = documentedRoutes();
    expect(served.length).toBeGreaterThan(40);
    expect(
      served.filter((r) => !documented.includes(r)),
      "served but not in the document",
    ).toEqual([]);
    expect(
      documented.filter((r) => !served.includes(r)),
      "in the document but not served",
    ).toEqual([]);
  });

  it("has one entry per operation, each with a unique operationId", () => {
    const ids = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    const opIds = documentedRoutes().map((r) => {
      const [method, path] = r.split(" ") as [string, string];
      return ((apiDocument.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
    });
    const operationIds = opIds.map((o) => o.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("has the fields OpenAPI 3.1 requires, and every path parameter declared and required", () => {
    const doc = apiDocument as unknown as Json;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect((doc.info as Json).title).toEqual(expect.any(String));
    expect((doc.info as Json).version).toEqual(expect.any(String));
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item as Json)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(METHODS, where).toContain(method);
        const operation = op as Json;
        const responses = operation.responses as Record<string, Json>;
        expect(Object.keys(responses).length, where).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(response.description, `${where} ${status}`).toEqual(expect.any(String));
        }
        const params = (operation.parameters ?? []) as Json[];
        for (const p of params) {
          expect(["path", "query", "header", "cookie"], where).toContain(p.in);
          expect(p.name, where).toEqual(expect.any(String));
          expect(p.schema, `${where} ${String(p.name)}`).toBeDefined();
          if (p.in === "path") expect(p.required, `${where} ${String(p.name)}`).toBe(true);
        }
        const declared = params
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort();
        expect(declared, `${where}: path parameters`).toEqual(templated);
        expect(typeof operation.description, where).toBe("string");
        expect(operation.description, where).toContain("Who may call");
      }
    }
  });

  it("resolves every $ref, and every schema in it compiles as JSON Schema 2020-12", () => {
    const refs = refsOf(apiDocument);
    expect(refs.length).toBeGreaterThan(20);
    for (const { ref, at } of refs) expect(resolve(ref), `${ref} at ${at}`).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ ...apiDocument, $id: "https://pathagar.test/doc.json" } as unknown as Json);
    for (const name of Object.keys(apiDocument.components?.schemas ?? {})) {
      expect(
        () => ajv.compile({ $ref: `https://pathagar.test/doc.json#/components/schemas/${name}` }),
        name,
      ).not.toThrow();
    }
  });

  it("names the session cookie as the security of every endpoint that needs a signed-in caller", () => {
    for (const e of ENDPOINTS) {
      const op = ((apiDocument.paths as Json)[e.path] as Json)[e.method] as Json;
      const needsSession =
        e.access.who === "signed-in" ||
        e.access.who === "staff" ||
        e.access.who === "any-staff" ||
        e.access.who === "admin";
      expect(op.security, `${e.method} ${e.path}`).toEqual(needsSession ? [{ session: [] }] : []);
      if (e.access.who === "staff") {
        expect(op.description).toContain(
          e.access.permission === null ? "Any staff member" : `\`${e.access.permission}\` permission`,
        );
      }
    }
  });
});

describe("holding answers to the document", () => {
  const json = new Headers({ "content-type": "application/json" });
  const answer = (method: string, path: string, status: number, body: unknown) => ({
    method,
    path,
    status,
    headers: json,
    text: JSON.stringify(body),
  });

  it("finds the operation a concrete path reaches, fixed segments first", () => {
    expect(findOperation("GET", "/api/orders/12")?.template).toBe("/api/orders/{id}");
    expect(findOperation("POST", "/api/payment/sandbox/T1/ipn")?.template).toBe(
      "/api/payment/{provider}/{tranx}/ipn",
    );
    expect(findOperation("POST", "/api/payment/sandbox/T1/success")?.template).toBe(
      "/api/payment/{provider}/{tranx}/{outcome}",
    );
    expect(findOperation("POST", "/api/payment/sandbox/T1/other")).toBeUndefined();
    expect(findOperation("PATCH", "/api/orders/12")).toBeUndefined();
  });

  it("refuses a body that does not match, saying where", () => {
    const v = contractViolation(
      answer("GET", "/api/user", 200, {
        statusCode: 200,
        message: "OK",
        // A whole user but for its id, so the id's error is the one reported.
        data: {
          id: "7",
          name: "Rafiq",
          phone: null,
          email: null,
          email_confirmed: false,
          hsc_batch: null,
          phone_verified: false,
          role: "customer",
          permissions: [],
          locale: "en",
        },
      }),
    );
    expect(v).toContain("GET /api/user 200");
    expect(v).toContain("/data/id must be integer");
  });

  it("refuses a field the document does not know", () => {
    const v = contractViolation(
      answer("GET", "/api/version", 200, {
        statusCode: 200,
        message: "OK",
        data: { version: "1", secret: "x" },
      }),
    );
    expect(v).toContain("must NOT have additional properties");
  });

  it("refuses a status the operation does not document", () => {
    const v = contractViolation(answer("GET", "/api/version", 409, { statusCode: 409, message: "No" }));
    expect(v).toContain("does not document");
  });

  it("refuses an envelope whose statusCode is not the HTTP status", () => {
    const v = contractViolation(
      answer("GET", "/api/version", 200, { statusCode: 201, message: "OK", data: { version: "1" } }),
    );
    expect(v).toContain("statusCode 201");
  });

  it("accepts only the 404 envelope from an endpoint that does not exist", () => {
    expect(
      contractViolation(
        answer("GET", "/api/nope", 404, { statusCode: 404, message: "No such API endpoint" }),
      ),
    ).toBeNull();
    expect(contractViolation(answer("GET", "/api/nope", 200, { statusCode: 200, message: "OK" }))).toContain(
      "no operation",
    );
  });

  it("fails a test through the harness when an answer breaks the document", async () => {
    const op = ((apiDocument.paths as Json)["/api/version"] as Json).get as { responses: Json };
    const documented = op.responses["200"];
    delete op.responses["200"];
    try {
      await expect(h.request("GET", "/api/version")).rejects.toThrow(
        /GET \/api\/version answered 200, which GET \/api\/version does not document/,
      );
    } finally {
      op.responses["200"] = documented;
    }
    await expect(h.request("GET", "/api/version")).resolves.toMatchObject({ status: 200 });
  });
});

describe("the reference page", () => {
  it("is served with a strict Content-Security-Policy, no inline script, and noindex", async () => {
    const res = await h.request("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(res.text).toContain('<meta name="robots" content="noindex');
    // Every script is a file of our own origin.
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of res.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)) {
      const file = await h.request("GET", src[1]!);
      expect(file.status, src[1]).toBe(200);
      expect(file.text.length, src[1]).toBeGreaterThan(100);
    }
  });

  it("answers 404 for a file it does not serve", async () => {
    const res = await h.request("GET", "/api/docs/..%2Fpackage.json");
    expect(res.status).toBe(404);
  });
});
