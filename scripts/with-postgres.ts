// Runs a command against a throwaway PostgreSQL server (tests/support/postgres.ts):
//
//   npx tsx scripts/with-postgres.ts -- npx vitest run --project api
//
// starts the server on a free loopback port, runs the command with TEST_DATABASE_URL pointing at
// it (the API harness then makes a database of its own there per test file), then stops the
// server and removes its directory, whether the command passes, fails or is interrupted. Exits
// with the command's status.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { startThrowawayPostgres } from "../tests/support/postgres";

const argv = process.argv.slice(2);
const command = argv[0] === "--" ? argv.slice(1) : argv;
if (command.length === 0) {
  console.error("usage: tsx scripts/with-postgres.ts -- <command> [arguments...]");
  process.exit(2);
}

const pg = await startThrowawayPostgres();
console.log(`PostgreSQL ${pg.version.split(/\s+/)[2] ?? pg.version} on ${pg.host}:${pg.port}`);

const child = spawn(command[0]!, command.slice(1), {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: pg.url },
});

// Ctrl-C reaches the command too (same process group); a signal sent to this process alone is
// passed on. Either way the server is stopped once the command has ended.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on("error", (e) => {
  console.error(`cannot run ${command[0]}: ${e.message}`);
  pg.stop();
  process.exit(127);
});
child.on("exit", (code, signal) => {
  pg.stop();
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
});
