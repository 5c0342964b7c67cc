/**
 * Records of a file skipped because their type is unknown (a producer newer than this reader), counted per type so
 * the file's warnings say what was left out and where, once per type rather than once per line.
 */
export class SkippedRecords {
  private readonly byType = new Map<string, { count: number; first: number }>()

  /** One skipped record of `type`, at 1-based position `at` among the file's records. */
  note(type: string, at: number): void {
    const seen = this.byType.get(type)
    if (seen) seen.count++
    else this.byType.set(type, { count: 1, first: at })
  }

  /** `2 records of unknown type "x" skipped (first: record 15)`, one per type. */
  warnings(): string[] {
    return [...this.byType].map(
      ([type, { count, first }]) =>
        `${count} record${count > 1 ? 's' : ''} of unknown type "${type}" skipped (first: record ${first})`
    )
  }
}
