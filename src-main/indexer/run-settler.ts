import type { Db } from '../db/open-db'
import { settleRuns } from '../db/run-membership'

/** A run is settled again once the time since its last settle is this many times what that settle took. */
const PACE = 4

/**
 * When a job settles a run fed by many files (a trainer's per-step dumps: one run, hundreds of files). Settling (task
 * keys, rollout numbers, the summary) is a pass over every episode of the run, so settling after each file costs the
 * square of the run's size: a 500-step run spent most of its listing time there. A run is settled after its first
 * file in the job (so the first steps are browsable at once, and a live job of one new step settles it right away),
 * then again only when the time since its last settle is PACE times what that settle took, which bounds settling to
 * a fifth of the job whatever the run's size; the job settles what is left when it ends (`flush`).
 */
export class RunSettler {
  readonly #pending = new Set<string>()
  readonly #last = new Map<string, { at: number; took: number }>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** A file of `runId` was just indexed (inside the file's transaction): settle now, or later. */
  fileDone(runId: string): void {
    const last = this.#last.get(runId)
    const t = this.now()
    if (last && t - last.at < PACE * last.took) {
      this.#pending.add(runId)
      return
    }
    this.#settle(runId, t)
  }

  /** Settles every run left pending (in one transaction); returns their ids. */
  flush(): string[] {
    const ids = [...this.#pending]
    if (ids.length) this.db.transaction(() => ids.forEach((id) => this.#settle(id, this.now()))).immediate()
    return ids
  }

  #settle(runId: string, started: number): void {
    settleRuns(this.db, [runId])
    this.#pending.delete(runId)
    const t = this.now()
    this.#last.set(runId, { at: t, took: t - started })
  }
}
