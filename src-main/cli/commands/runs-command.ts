/** `rollscope runs`: every run with its summary metrics. */
import type { RunSummary } from '@contract/model'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { formatInt, formatInterval, formatPercent, formatReward, formatTable, orNone } from '../../report/text-format'

export const runsCommand: CommandSpec = {
  name: 'runs',
  summary: 'list runs with their summary metrics',
  help: `Usage: rollscope runs [--db FILE] [--json]

Lists every indexed run: id, name, model, environment, episodes, tasks, mean reward with its
95% confidence interval, and pass rate.

Options:
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json       print an array of RunSummary objects (id, name, format, source, model, env,
               episodes, tasks, meanReward, passRate, …)
  -h, --help   show this help`,
  options: {},
  async run(ctx) {
    if (ctx.positionals.length > 0) throw new UsageError(`runs takes no arguments, got '${ctx.positionals[0]}'`, 'runs')
    // as every read command: a database that is not there is a mistyped --db more often than an empty workspace
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))
    const engine = await ctx.openEngine('cli')
    const runs: RunSummary[] = await callApi(ctx, engine, 'listRuns')
    if (ctx.json) ctx.printJson(runs)
    else ctx.print(formatRuns(runs))
    return EXIT_OK
  }
}

/** The human table of runs. */
export function formatRuns(runs: RunSummary[]): string {
  if (runs.length === 0) return 'No runs yet. Index some traces with: rollscope index PATH…\n'
  return formatTable(runs, [
    { header: 'ID', cell: (r) => r.id },
    { header: 'NAME', cell: (r) => r.name, maxWidth: 48 },
    { header: 'FORMAT', cell: (r) => r.format },
    { header: 'MODEL', cell: (r) => orNone(r.model), maxWidth: 32 },
    { header: 'ENV', cell: (r) => orNone(r.env), maxWidth: 32 },
    { header: 'EPISODES', cell: (r) => formatInt(r.episodes), align: 'right' },
    { header: 'TASKS', cell: (r) => formatInt(r.tasks), align: 'right' },
    { header: 'REWARD', cell: (r) => formatReward(r.meanReward), align: 'right' },
    { header: '95% CI', cell: (r) => formatInterval(r.rewardCi95) },
    { header: 'PASS', cell: (r) => formatPercent(r.passRate), align: 'right' }
  ])
}
