// What the parts report: targets (a budget and what was measured), checks that pass or fail, and
// the raw results written to bench/results/latest.json.

export type Target = { target: string; budget: string; measured: string; pass: boolean };

export type Report = {
  targets: Target[];
  checks: Record<string, boolean>;
  results: Record<string, unknown>;
};
