/**
 * `rollscope compare A B C …`: three or more runs side by side against a baseline (the engine's compareMany), written
 * as the compare command's chosen output.
 */
import type { MultiCompareOptions } from '@contract/multi-compare'
import { stringOption } from '../args'
import type { SharedCompareFlags } from '../compare-flags'
import { callApi, dbExists, noDbMessage, type CommandContext } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { writeReportFile, type OutputChoice } from '../output-choice'
import { resolveRun } from '../resolve-run'
import { multiCompareHtml } from '../../report/multi-html'
import { multiCompareMarkdown } from '../../report/multi-markdown'
import { formatMultiCompare } from '../../report/multi-text'

/** The engine compares at most this many runs at once (contract/analysis-guards.ts). */
export const MAX_RUNS = 20

export async function compareMany(
  ctx: CommandContext,
  args: string[],
  output: OutputChoice,
  flags: SharedCompareFlags
): Promise<number> {
  if (args.length > MAX_RUNS)
    throw new UsageError(`compare takes at most ${MAX_RUNS} runs, got ${args.length}`, 'compare')
  if (ctx.values.category !== undefined) {
    throw new UsageError(
      '--category is for two runs; three or more are compared over their whole runs (see: rollscope breakdown)',
      'compare'
    )
  }
  const baselineArg = stringOption(ctx.values, 'baseline', 'compare')
  if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

  const engine = await ctx.openEngine('cli')
  const all = await callApi(ctx, engine, 'listRuns')
  const runs = args.map((arg) => resolveRun(all, arg))
  const seen = new Map<string, string>()
  runs.forEach((run, i) => {
    const before = seen.get(run.id)
    if (before !== undefined)
      throw new UsageError(`'${before}' and '${args[i]}' are the same run (${run.id})`, 'compare')
    seen.set(run.id, args[i])
  })
  const options: MultiCompareOptions = { ...flags }
  if (baselineArg !== undefined) {
    const baseline = resolveRun(all, baselineArg)
    if (!seen.has(baseline.id))
      throw new UsageError(`--baseline: ${baseline.name} (${baseline.id}) is not one of the runs compared`, 'compare')
    options.baseline = baseline.id
  }

  const report = await callApi(
    ctx,
    engine,
    'compareMany',
    runs.map((r) => r.id),
    options
  )
  if (output.kind === 'json') ctx.printJson(report)
  else if (output.kind === 'md') ctx.print(multiCompareMarkdown(report))
  else if (output.kind === 'html') writeReportFile(ctx, output.path, multiCompareHtml(report), 'HTML report')
  else ctx.print(formatMultiCompare(report))
  return EXIT_OK
}
