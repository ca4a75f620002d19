import { createServer } from "node:net";

/** A port the kernel just handed out on loopback; released before the caller binds it. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", rej);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? res(port) : rej(new Error("no free port"))));
    });
  });
}
