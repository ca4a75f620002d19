// Runs a command with the shop's S3_* settings pointing at a throwaway local S3-compatible server
// (s3rver, tests/support/local-s3.ts), e.g. the built shop on object storage:
//
//   npm run build && npx tsx scripts/with-local-s3.ts -- node build/main.js
//
// starts the server on a free loopback port with one empty bucket, runs the command with S3_BUCKET,
// S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE set,
// then stops the server and removes its files, whether the command passes, fails or is
// interrupted. Exits with the command's status.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { startLocalS3 } from "../tests/support/local-s3";

const argv = process.argv.slice(2);
const command = argv[0] === "--" ? argv.slice(1) : argv;
if (command.length === 0) {
  console.error("usage: tsx scripts/with-local-s3.ts -- <command> [arguments...]");
  process.exit(2);
}

const s3 = await startLocalS3();
console.log(`local S3 server on ${s3.endpoint}, bucket ${s3.bucket}`);

const child = spawn(command[0]!, command.slice(1), { stdio: "inherit", env: { ...process.env, ...s3.env } });

// Ctrl-C reaches the command too (same process group); a signal sent to this process alone is
// passed on. Either way the server is stopped once the command has ended.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on("error", async (e) => {
  console.error(`cannot run ${command[0]}: ${e.message}`);
  await s3.stop();
  process.exit(127);
});
child.on("exit", async (code, signal) => {
  await s3.stop();
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
});
