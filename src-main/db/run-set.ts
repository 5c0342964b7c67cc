/**
 * The runs one episodes query covers (one run, or several for a saved view over runs) and what "passed" means
 * across them: each run keeps its own pass threshold, so the SQL picks the run's rule by `e.run_id`.
 */
import type { EpisodeQuery } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import type { Db } from './open-db'
import { statement } from './statements'
import { passedSql } from './passed-sql'
import { effectiveThreshold } from './run-summary'

export interface RunSet {
  /** The runs in the order asked, `runId` first, without repeats. */
  ids: string[]
  /** SQL over `e` for "did this episode pass" under its own run's threshold. */
  passed: string
}

/** The run ids of `q` (throws NotFoundError for an unknown one) and their pass rule. */
export function runSet(db: Db, q: Pick<EpisodeQuery, 'runId' | 'runIds'>): RunSet {
  const ids = [...new Set([q.runId, ...(q.runIds ?? [])])]
  const exists = statement(db, 'SELECT 1 FROM runs WHERE id = ?')
  for (const id of ids) if (!exists.get(id)) throw new NotFoundError(`no run with id ${id}`)
  const rules = ids.map((id) => passedSql(effectiveThreshold(db, id)))
  if (rules.every((r) => r === rules[0])) return { ids, passed: rules[0] }
  // Run ids are our own (hex), but quote them as SQL strings anyway: this text is inlined, not bound.
  const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`
  return { ids, passed: `(CASE e.run_id ${ids.map((id, i) => `WHEN ${quote(id)} THEN ${rules[i]}`).join(' ')} END)` }
}
