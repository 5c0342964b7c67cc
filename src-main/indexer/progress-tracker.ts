import type { IndexProgress } from '@contract/model'
import { idleProgress } from '@contract/progress'

/** Builds IndexProgress snapshots and rate-limits how often they are emitted (≤ 5 per second). */
export class ProgressTracker {
  readonly p: IndexProgress
  #lastEmit = 0

  constructor(
    private readonly emit: (p: IndexProgress) => void,
    private readonly intervalMs = 200
  ) {
    this.p = idleProgress({ state: 'scanning', startedAt: Date.now() })
  }

  /** Emits now if the interval has passed (or `force`), with throughput and ETA recomputed. */
  tick(force = false): void {
    const now = Date.now()
    if (!force && now - this.#lastEmit < this.intervalMs) return
    this.#lastEmit = now
    const seconds = (now - (this.p.startedAt ?? now)) / 1000
    this.p.mbPerSec = seconds > 0 ? this.p.bytesDone / 1e6 / seconds : 0
    const left = this.p.bytesTotal - this.p.bytesDone
    this.p.etaSec = this.p.mbPerSec > 0 && left > 0 ? left / 1e6 / this.p.mbPerSec : null
    this.emit({ ...this.p })
  }

  finish(state: IndexProgress['state'], message: string | null = null): void {
    this.p.state = state
    this.p.finishedAt = Date.now()
    this.p.currentFile = null
    this.p.message = message
    this.tick(true)
  }
}
