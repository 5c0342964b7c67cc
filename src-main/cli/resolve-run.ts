/** Turns the RUN argument (a run id, a run name, a folder of its source, or a unique prefix of these) into one run. */
import type { RunSummary } from '@contract/model'
import { CommandFailure } from './errors'

/** The names along a path, without empty and `.` parts (`./runs/a/` → runs, a). */
const parts = (path: string): string[] => path.split(/[\\/]/).filter((p) => p !== '' && p !== '.')

/** The folders of a run's source path (`…/wordle--gpt-5-mini/b5161fc3/results.jsonl` → both folder names). */
function folders(run: RunSummary): string[] {
  return parts(run.source).slice(0, -1)
}

/** Whether `along` holds `names` one after the other (`runs/wordle/` in `/home/me/runs/wordle/b516/results.jsonl`). */
function holdsInOrder(along: string[], names: string[]): boolean {
  if (names.length === 0) return false
  for (let i = 0; i + names.length <= along.length; i++) if (names.every((n, k) => along[i + k] === n)) return true
  return false
}

/**
 * Exact id, then exact name, then a unique id or name prefix, then folders of the source path (what people type
 * after `ls` or with tab completion: `wordle--gpt-5-mini`, `b5161fc3`, `runs/wordle--gpt-5-mini/`, an absolute path,
 * the source file itself), then a unique prefix of one folder. Anything else fails listing the candidates.
 */
export function resolveRun(runs: RunSummary[], query: string): RunSummary {
  const byId = runs.find((r) => r.id === query)
  if (byId) return byId
  // a path as typed, relative to somewhere: its leading `..` name nothing of the source path
  const typed = parts(query)
  while (typed[0] === '..') typed.shift()
  const tiers: ((r: RunSummary) => boolean)[] = [
    (r) => r.name === query,
    (r) => r.id.startsWith(query) || r.name.startsWith(query),
    (r) => holdsInOrder(parts(r.source), typed),
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
