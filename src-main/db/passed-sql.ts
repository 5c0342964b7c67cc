/**
 * SQL for "did this episode pass": the format's own success flag wins; otherwise reward ≥ threshold,
 * where a missing reward counts as a failure; with neither a flag nor a threshold it is unknown (NULL).
 * The threshold is a number from our own database, inlined as a literal (never user text).
 */
export function passedSql(threshold: number | null): string {
  if (threshold === null || !Number.isFinite(threshold)) return 'e.success'
  const t = String(Number(threshold))
  return `COALESCE(e.success, CASE WHEN e.reward IS NULL THEN 0 WHEN e.reward >= ${t} THEN 1 ELSE 0 END)`
}
