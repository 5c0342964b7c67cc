/**
 * What the indexer lends the format code, instead of module state in its long-lived worker:
 * - `memo`: values read from companion files once per job (a run's results.json, read for each of its 500 trials;
 *   a folder's mapping files, looked up for each file below it). Dropped with the job, so the next job reads the
 *   files as they are then.
 * - `kept`: what the indexer keeps between jobs, bounded: episodes already read from unchanged parts of a growing
 *   file (an Inspect member, by its checksum), so a running eval's log is not read again in full at each change.
 *   Values put there must be small: no transcript.
 * A reader of one episode gets a fresh context (formatContext()).
 */

/** A string-keyed store that forgets its oldest entry past `max` entries. */
export class Memo {
  private readonly values = new Map<string, unknown>()

  constructor(private readonly max: number) {}

  get(key: string): unknown {
    return this.values.get(key)
  }

  set(key: string, value: unknown): void {
    this.values.delete(key)
    this.values.set(key, value)
    if (this.values.size > this.max) this.values.delete(this.values.keys().next().value as string)
  }

  /** The value under `key`, computed on the first call (undefined and null are values too). */
  getOr<T>(key: string, compute: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T
    const value = compute()
    this.set(key, value)
    return value
  }
}

export interface FormatContext {
  /** `compute()` once per job for `key` (name the file and what is made of it: `swe-bench:extract:<path>`). */
  memo<T>(key: string, compute: () => T): T
  readonly kept: Memo
}

/** Most values one job memoizes (companion files are small and few per folder; this only bounds a runaway). */
const JOB_MAX = 50_000
/** Most values kept between jobs (an Inspect sample summary is a few hundred bytes). */
export const KEPT_MAX = 200_000

/** A context for one job (or one read), given the indexer's store kept between jobs (a fresh one by default). */
export function formatContext(kept: Memo = new Memo(KEPT_MAX)): FormatContext {
  const job = new Memo(JOB_MAX)
  return { memo: (key, compute) => job.getOr(key, compute), kept }
}
