/** `rollscope episodes RUN`: the episodes of one run, filtered, sorted and paged. */
import {
  COLUMN_SORT_KEYS,
  type EpisodeQuery,
  type EpisodeSortKey,
  type EpisodeSummary,
  type RunSummary
} from '@contract/model'
import { intOption, runPositional, stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandContext, type CommandSpec } from '../context'
import type { Engine } from '../../services/engine-types'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { formatBool, formatInt, formatReward, formatTable, oneLine } from '../../report/text-format'
import { resolveRun } from '../resolve-run'

/** The API's largest page; longer listings are fetched page by page. */
const PAGE = 5000
/** Without --limit, a terminal gets this many rows (scripts using --json get all). */
const HUMAN_DEFAULT_LIMIT = 100

export const episodesCommand: CommandSpec = {
  name: 'episodes',
  summary: 'list the episodes of a run (filter, sort, page)',
  help: `Usage: rollscope episodes RUN [--filter EXPR] [--sort KEY] [--desc] [--limit N] [--offset N]
                          [--db FILE] [--json]

Lists the episodes of one run. RUN is a run id, a run name, a folder of the run's source path
(e.g. wordle--gpt-5-mini or b5161fc3), or a unique prefix of these (see: rollscope runs).

Options:
  --filter EXPR  filter expression, e.g. 'reward < 0.5 and info.difficulty == "hard"'
  --sort KEY     ordinal (default), reward, turns, steps, generationMs, taskKey, rollout, step,
                 status, tokensIn, tokensOut, durationMs, metric:NAME or info:NAME (a metric or
                 info field the run has)
  --desc         sort descending
  --limit N      at most N episodes (default: all with --json, ${HUMAN_DEFAULT_LIMIT} otherwise)
  --offset N     skip the first N episodes
  --db FILE      database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json         print an array of EpisodeSummary objects (id, taskKey, rollout, reward,
                 passed, turns, status, …)
  -h, --help     show this help`,
  options: {
    filter: { type: 'string' },
    sort: { type: 'string' },
    desc: { type: 'boolean' },
    limit: { type: 'string' },
    offset: { type: 'string' }
  },
  async run(ctx) {
    const runArg = runPositional(ctx.positionals, 'episodes')
    const limit = intOption(ctx.values, 'limit', 'episodes', { min: 1, max: Number.MAX_SAFE_INTEGER })
    const offset = intOption(ctx.values, 'offset', 'episodes', { min: 0, max: 1e9 }) ?? 0
    const filter = stringOption(ctx.values, 'filter', 'episodes')
    const sort = stringOption(ctx.values, 'sort', 'episodes') as EpisodeSortKey | undefined
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const run = resolveRun(await callApi(ctx, engine, 'listRuns'), runArg)
    if (sort !== undefined) checkSort(sort, run)
    const base: EpisodeQuery = { runId: run.id, offset }
    if (filter !== undefined) base.filter = filter
    if (sort !== undefined) base.sort = sort
    if (ctx.values.desc === true) base.desc = true
    const wanted = limit ?? (ctx.json ? Infinity : HUMAN_DEFAULT_LIMIT)
    const { items, total } = await fetchEpisodes(ctx, engine, base, wanted)

    if (ctx.json) ctx.printJson(items)
    else ctx.print(formatEpisodes(items, total, offset))
    return EXIT_OK
  }
}

/** Pages through listEpisodes until `wanted` rows or the end. */
async function fetchEpisodes(
  ctx: CommandContext,
  engine: Engine,
  base: EpisodeQuery,
  wanted: number
): Promise<{ items: EpisodeSummary[]; total: number }> {
  const items: EpisodeSummary[] = []
  let total = 0
  let offset = base.offset ?? 0
  while (items.length < wanted) {
    const limit = Math.min(PAGE, wanted - items.length)
    const page = await callApi(ctx, engine, 'listEpisodes', { ...base, offset, limit })
    total = page.total
    items.push(...page.items)
    offset += page.items.length
    if (page.items.length < limit || offset >= total) break
  }
  return { items, total }
}

/** The human table of episodes, with a footer when rows were left out. */
export function formatEpisodes(items: EpisodeSummary[], total: number, offset: number): string {
  if (items.length === 0)
    return total > 0 ? `No episodes past offset ${offset} (${formatInt(total)} in all).\n` : 'No episodes match.\n'
  const table = formatTable(items, [
    { header: 'ID', cell: (e) => e.id },
    { header: 'TASK', cell: (e) => e.taskKey, maxWidth: 24 },
    { header: 'ROLLOUT', cell: (e) => String(e.rollout), align: 'right' },
    { header: 'REWARD', cell: (e) => formatReward(e.reward), align: 'right' },
    { header: 'PASSED', cell: (e) => formatBool(e.passed) },
    { header: 'TURNS', cell: (e) => formatInt(e.turns), align: 'right' },
    { header: 'STATUS', cell: (e) => e.status },
    { header: 'PREVIEW', cell: (e) => oneLine(e.preview), maxWidth: 60 }
  ])
  const shown = `${formatInt(offset + 1)}–${formatInt(offset + items.length)}`
  // "for more" only while there are more past this page (not on the last page of a paged list)
  const footer =
    items.length < total
      ? `\nShowing ${shown} of ${formatInt(total)} episodes${offset + items.length < total ? ' (use --limit N / --offset N for more)' : ''}.\n`
      : ''
  return table + footer
}

/**
 * A sort key the run's table has: a column, a metric of the run, or an info key. An unknown metric sorted nothing
 * (exit 0, the file order), and a misspelt column failed with the API's schema message instead of the keys there are.
 */
function checkSort(sort: string, run: RunSummary): void {
  const [kind, name] = sort.includes(':')
    ? [sort.slice(0, sort.indexOf(':')), sort.slice(sort.indexOf(':') + 1)]
    : ['', sort]
  if (kind === '' && (COLUMN_SORT_KEYS as readonly string[]).includes(sort)) return
  if (kind === 'metric' && run.metrics.some((m) => m.name === name)) return
  // any info key sorts (the run lists only its category fields, not every key its episodes carry)
  if (kind === 'info' && name !== '') return
  const fields =
    kind === 'metric'
      ? `its metrics: ${run.metrics.map((m) => m.name).join(', ') || 'none'}`
      : `the columns: ${COLUMN_SORT_KEYS.join(', ')}, or metric:NAME / info:NAME`
  throw new UsageError(`--sort ${sort}: ${run.name} has no such sort key (${fields})`, 'episodes')
}
