/** Turns the RUN argument (a run id, a run name, a folder of its source, or a unique prefix of these) into one run. */
import type { RunSummary } from '@contract/model'
import { CommandFailure } from './errors'

/** The folders of a run's source path (`…/wordle--gpt-5-mini/b5161fc3/results.jsonl` → both folder names). */
function folders(run: RunSummary): string[] {
  return run.source.split(/[\\/]/).slice(0, -1).filter(Boolean)
}

/**
 * Exact id, then exact name, then a unique id or name prefix, then a unique prefix of a folder in the source path
 * (what people type after `ls`: `wordle--gpt-5-mini`, `b5161fc3`). Anything else fails listing the candidates.
 */
export function resolveRun(runs: RunSummary[], query: string): RunSummary {
  const byId = runs.find((r) => r.id === query)
  if (byId) return byId
  const tiers: ((r: RunSummary) => boolean)[] = [
    (r) => r.name === query,
    (r) => r.id.startsWith(query) || r.name.startsWith(query),
    (r) => folders(r).includes(query),
    (r) => folders(r).some((f) => f.startsWith(query))
  ]
  for (const matches of tiers) {
    const candidates = runs.filter(matches)
    if (candidates.length === 1) return candidates[0]
    if (candidates.length > 1) throw ambiguous(query, candidates)
  }
  throw new CommandFailure(`no run matches '${query}' (see: rollscope runs)`)
}

function ambiguous(query: string, candidates: RunSummary[]): CommandFailure {
  const list = candidates
    .slice(0, 10)
    .map((r) => `  ${r.id}  ${r.name}`)
    .join('\n')
  const more = candidates.length > 10 ? `\n  … and ${candidates.length - 10} more` : ''
  return new CommandFailure(`'${query}' matches ${candidates.length} runs; use a run id:\n${list}${more}`)
}
