import { NON_FINITE_PREFIX } from '../formats/readers/non-finite'
import type { Db } from './open-db'

/**
 * The run's warnings that come from reading its files rather than from its episodes: files where NaN or Infinity
 * were read as missing (the file warning starts with formats/readers/non-finite.ts's prefix). Scans the sources'
 * warnings (small, mostly `[]`) and checks each match feeds this run through the episodes_source index.
 */
const PREFIX = NON_FINITE_PREFIX

export function runReadWarnings(db: Db, runId: string): string[] {
  const rows = db
    .prepare(
      `SELECT s.path, s.warnings_json FROM sources s
       WHERE s.warnings_json LIKE '%"${PREFIX} %'
         AND EXISTS (SELECT 1 FROM episodes e WHERE e.source_id = s.id AND e.run_id = ?)
       ORDER BY s.path`
    )
    .all(runId) as { path: string; warnings_json: string }[]
  if (rows.length === 0) return []
  let values = 0
  for (const r of rows) {
    const w = (JSON.parse(r.warnings_json) as string[]).find((x) => x.startsWith(PREFIX))
    values += Number(/: (\d+) value/.exec(w ?? '')?.[1] ?? 0)
  }
  const name = (p: string): string => p.split(/[\\/]/).pop() ?? p
  const files = rows.length === 1 ? name(rows[0].path) : `${rows.length} files (${name(rows[0].path)}, …)`
  return [
    `${values} number${values === 1 ? '' : 's'} in ${files} ${values === 1 ? 'was' : 'were'} NaN or Infinity and ` +
      "read as missing: the producer's figures computed with them (a mean reward, a pass rate) cannot be reproduced"
  ]
}
