/** `rollscope breakdown RUN --by FIELD[,FIELD2]`: a run's scores by a category field, or cross-tabulated by several. */
import { runPositional, stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { chooseOutput } from '../output-choice'
import { resolveRun } from '../resolve-run'
import { breakdownMarkdown } from '../../report/breakdown-markdown'
import { formatBreakdown } from '../../report/breakdown-text'

/** The engine cross-tabulates at most this many fields (contract/analysis-guards.ts). */
const MAX_FIELDS = 4

export const breakdownCommand: CommandSpec = {
  name: 'breakdown',
  summary: "a run's scores by a category field (or a cross-tab such as archetype × difficulty)",
  help: `Usage: rollscope breakdown RUN --by FIELD[,FIELD2…] [--json | --md] [--db FILE]

Breaks one run's scores down by a category field over all its episodes: per value the episodes,
tasks, mean reward and its σ, episodes passed / with a verdict ("expert: 2/3"), failures, perfect
rate and mean steps, best first, with the best and worst values and where the failures are. Two or
more fields (--by archetype,difficulty) cross-tabulate them: one row per combination of values.
FIELD is an info field of the run (e.g. difficulty, archetype, tier), status or termination; an
unknown field is refused with the list of fields the run has.
RUN is a run id, a run name, a folder of its source path, or a unique prefix of these (see: rollscope runs).

Options:
  --by FIELDS  the field(s) to break down by, separated by commas (up to ${MAX_FIELDS})
  --json       print the RunBreakdown as one JSON document (runId, runName, fields[], candidates[],
               score, rows[] {values[], episodes, tasks, meanReward, rewardStd, passed, decided,
               passRate, failed, perfectRate, meanSteps}, total, missing)
  --md         print the Markdown report
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  -h, --help   show this help

Exit status: 1 when the run does not exist; 2 on bad usage (an unknown field included).`,
  options: {
    by: { type: 'string' },
    md: { type: 'boolean' }
  },
  async run(ctx) {
    const runArg = runPositional(ctx.positionals, 'breakdown')
    const by = stringOption(ctx.values, 'by', 'breakdown')
    if (by === undefined)
      throw new UsageError(
        'breakdown needs --by FIELD (e.g. --by difficulty, or --by archetype,difficulty)',
        'breakdown'
      )
    const fields = by.split(',').map((f) => f.trim())
    if (fields.some((f) => f === '')) throw new UsageError(`--by: an empty field name in '${by}'`, 'breakdown')
    if (fields.length > MAX_FIELDS)
      throw new UsageError(`--by takes at most ${MAX_FIELDS} fields, got ${fields.length}`, 'breakdown')
    const output = chooseOutput(ctx)
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const run = resolveRun(await callApi(ctx, engine, 'listRuns'), runArg)
    // An unknown field is the engine's bad request, naming the fields the run has: exit 2 with its message.
    const breakdown = await callApi(ctx, engine, 'breakdownRun', run.id, fields)
    if (output.kind === 'json') ctx.printJson(breakdown)
    else if (output.kind === 'md') ctx.print(breakdownMarkdown(breakdown))
    else ctx.print(formatBreakdown(breakdown))
    return EXIT_OK
  }
}
