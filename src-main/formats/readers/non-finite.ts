/**
 * The warning of a file whose NaN / Infinity numbers were read as missing (readers/tolerant-json.ts counts them):
 * a mean or pass rate the producer computed with them cannot be reproduced from what Rollscope shows. The run's
 * own warning (db/run-read-warnings.ts) finds its files by the prefix.
 */
export const NON_FINITE_PREFIX = 'NaN or Infinity'

/** `NaN or Infinity read as missing: 3 values on 2 lines (2, 7) …`; line -1 is an unterminated last line. */
export function nonFiniteWarning(values: number, lines: number[] = []): string {
  const named = lines.slice(0, 5).map((n) => (n < 0 ? 'the last' : String(n)))
  const more = lines.length > named.length ? ` and ${lines.length - named.length} more` : ''
  const where = lines.length
    ? ` on ${lines.length} line${lines.length > 1 ? 's' : ''} (${named.join(', ')}${more})`
    : ''
  return (
    `${NON_FINITE_PREFIX} read as missing: ${values} value${values > 1 ? 's' : ''}${where}; ` +
    "the producer's figures computed with them cannot be reproduced"
  )
}
