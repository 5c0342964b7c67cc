/** Turns the RUN argument (a run id, a run name, or a unique prefix of either) into one run. */
import type { RunSummary } from '@contract/model'
import { CommandFailure } from './errors'

/** Exact id, then exact name, then a unique id or name prefix; anything else fails with the candidates. */
export function resolveRun(runs: RunSummary[], query: string): RunSummary {
  const byId = runs.find((r) => r.id === query)
  if (byId) return byId
  const byName = runs.filter((r) => r.name === query)
  if (byName.length === 1) return byName[0]
  const candidates = byName.length > 1 ? byName : runs.filter((r) => r.id.startsWith(query) || r.name.startsWith(query))
  if (candidates.length === 1) return candidates[0]
  if (candidates.length === 0) {
    throw new CommandFailure(`no run matches '${query}' (see: rollscope runs)`)
  }
  const list = candidates
    .slice(0, 10)
    .map((r) => `  ${r.id}  ${r.name}`)
    .join('\n')
  const more = candidates.length > 10 ? `\n  … and ${candidates.length - 10} more` : ''
  throw new CommandFailure(`'${query}' matches ${candidates.length} runs; use a run id:\n${list}${more}`)
}
