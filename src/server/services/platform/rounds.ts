/**
 * Rounds of background work over a work table (the outbox, jobs), as one process runs them: a
 * round runs in the background without failing the caller (a failed round is logged; the worker's
 * next tick tries again), rounds of one kind never overlap within the process, and a nudge during a
 * round makes it go round once more. The lease its claims take is a setting of the process, per
 * database (the worker's option; tests shorten it).
 */
import type { Db } from "../../db/client";
import type { Ctx } from "../context";

type State = { running: Promise<void> | null; again: boolean; leaseMs: number };

export function workRounds<D extends Pick<Ctx, "db" | "log">>(
  name: string,
  defaultLeaseMs: number,
  round: (deps: D, leaseMs: number) => Promise<void>,
) {
  const states = new WeakMap<Db, State>();
  const stateFor = (db: Db): State => {
    let s = states.get(db);
    if (!s) {
      s = { running: null, again: false, leaseMs: defaultLeaseMs };
      states.set(db, s);
    }
    return s;
  };
  return {
    leaseMs: (db: Db) => stateFor(db).leaseMs,
    setLease: (db: Db, leaseMs: number) => {
      stateFor(db).leaseMs = leaseMs;
    },
    /** Starts a round, or asks the running one to go round once more; returns its promise (tests await it). */
    nudge(deps: D): Promise<void> {
      const s = stateFor(deps.db);
      if (s.running) {
        s.again = true;
        return s.running;
      }
      s.running = (async () => {
        try {
          do {
            s.again = false;
            await round(deps, s.leaseMs);
          } while (s.again);
        } catch (err) {
          deps.log.error({ err }, `${name}: a round failed; the worker tries again`);
        } finally {
          s.running = null;
        }
      })();
      return s.running;
    },
  };
}
