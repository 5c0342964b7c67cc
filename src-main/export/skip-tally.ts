/**
 * Episodes left out of an export, counted by reason: a bare `skipped: 83` cannot tell a user whether the filter, the
 * ending rule or a missing answer cost them their lines.
 */
import type { ExportResult, SkipReason } from './export-types'

export class SkipTally {
  private readonly by: Partial<Record<SkipReason, number>> = {}
  private total = 0

  add(reason: SkipReason, episodes = 1): void {
    if (episodes <= 0) return
    this.by[reason] = (this.by[reason] ?? 0) + episodes
    this.total += episodes
  }

  /** The counts as ExportResult reports them: `skippedBy` lists the reasons that occurred, and is absent with none. */
  result(): Pick<ExportResult, 'skipped' | 'skippedBy'> {
    return this.total ? { skipped: this.total, skippedBy: { ...this.by } } : { skipped: 0 }
  }
}
