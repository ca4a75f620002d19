import { describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import { workRounds } from "./rounds";

const deps = () => ({ db: {} as Db, log: { error: vi.fn() } as unknown as Logger });

describe("workRounds", () => {
  it("never overlaps rounds in one process; a nudge during a round makes it go round once more", async () => {
    let inside = 0;
    let most = 0;
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const rounds = workRounds("test", 1_000, async () => {
      calls += 1;
      inside += 1;
      most = Math.max(most, inside);
      if (calls === 1) await gate;
      inside -= 1;
    });
    const d = deps();
    const first = rounds.nudge(d);
    const second = rounds.nudge(d);
    const third = rounds.nudge(d);
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    expect(calls).toBe(2);
    expect(most).toBe(1);
    await rounds.nudge(d);
    expect(calls).toBe(3);
  });

  it("logs a failed round instead of failing the caller, and runs again at the next nudge", async () => {
    let calls = 0;
    const rounds = workRounds("test", 1_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error("database gone");
    });
    const d = deps();
    await expect(rounds.nudge(d)).resolves.toBeUndefined();
    expect(d.log.error).toHaveBeenCalledWith(
      expect.anything(),
      "test: a round failed; the worker tries again",
    );
    await rounds.nudge(d);
    expect(calls).toBe(2);
  });

  it("keeps the lease per database, the default until set", async () => {
    const seen: number[] = [];
    const rounds = workRounds("test", 1_000, async (_deps, leaseMs) => {
      seen.push(leaseMs);
    });
    const a = deps();
    const b = deps();
    rounds.setLease(a.db, 50);
    await rounds.nudge(a);
    await rounds.nudge(b);
    expect(seen).toEqual([50, 1_000]);
    expect(rounds.leaseMs(a.db)).toBe(50);
  });
});
