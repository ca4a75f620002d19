// Small helpers of the benchmark: waiting, medians and percentiles, and the tables it prints.
import os from "node:os";

/** Sizes are reported in KB of 1024 bytes. */
export const KB = 1024;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Exact nearest-rank percentiles of the recorded samples. */
export function exactPercentiles(samples: number[]) {
  const s = Float64Array.from(samples).sort();
  const n = s.length;
  const at = (p: number) => (n ? s[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))]! : Number.NaN);
  const mean = n ? s.reduce((a, b) => a + b, 0) / n : Number.NaN;
  return { n, mean, p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: n ? s[n - 1]! : Number.NaN };
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, guard]).finally(() => clearTimeout(timer));
}

export function table(headers: string[], rows: (string | number)[][], rightAlign = true): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i > 0 && rightAlign ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

export function section(title: string) {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 70 - title.length))}`);
}

export const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");
export const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "n/a");
export const loadAvg = () => os.loadavg().map((x) => Number(x.toFixed(2)));
