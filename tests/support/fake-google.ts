/**
 * A stand-in for Google's ID-token keys: a fresh RSA key pair, its public half served as a JWKS
 * (what GOOGLE_JWKS_URL points at), and `sign` to mint ID tokens as Google Identity Services
 * would hand them to the browser. POST /token mints one over HTTP (for the end-to-end tests).
 */
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export type FakeIdToken = {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  /** Seconds since the epoch; default now. */
  iat?: number;
  /** Seconds since the epoch; default an hour after `iat`. */
  exp?: number;
};

export type FakeGoogle = {
  jwksUrl: string;
  port: number;
  /** How many times the key set was fetched. */
  fetches: () => number;
  sign: (claims: FakeIdToken, opts?: { now?: Date; key?: "fake" | "stranger" }) => Promise<string>;
  close: () => Promise<void>;
};

export async function startFakeGoogle(opts: { port?: number; clientId?: string } = {}): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  // A key Google never published: tokens it signs must be refused.
  const stranger = await generateKeyPair("RS256");
  const kid = "fake-google-key-1";
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] };
  let fetches = 0;

  async function sign(claims: FakeIdToken, o: { now?: Date; key?: "fake" | "stranger" } = {}) {
    const iat = claims.iat ?? Math.floor((o.now ?? new Date()).getTime() / 1000);
    const payload: JWTPayload = {
      email: claims.email,
      email_verified: claims.email_verified ?? true,
      name: claims.name,
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(claims.iss ?? "https://accounts.google.com")
      .setAudience(claims.aud ?? opts.clientId ?? "test-client.apps.googleusercontent.com")
      .setSubject(claims.sub ?? "100000000000000000001")
      .setIssuedAt(iat)
      .setExpirationTime(claims.exp ?? iat + 3600)
      .sign(o.key === "stranger" ? stranger.privateKey : privateKey);
  }

  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/certs") {
      fetches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(jwks));
      return;
    }
    if (req.method === "POST" && req.url === "/token") {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        sign(JSON.parse(body || "{}") as FakeIdToken).then(
          (token) => {
            res.writeHead(200, { "content-type": "application/json" });
            res.end(JSON.stringify({ credential: token }));
          },
          (e: unknown) => {
            res.writeHead(500);
            res.end(String(e));
          },
        );
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    port,
    fetches: () => fetches,
    sign,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
