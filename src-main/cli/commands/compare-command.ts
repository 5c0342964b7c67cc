/**
 * `rollscope compare RUN_A RUN_B`: the paired comparison of two runs on their shared tasks; `rollscope compare A B C
 * …`: three or more runs side by side against a baseline (compare-many.ts). Either as a terminal summary, one JSON
 * document (--json), the Markdown report (--md) or a self-contained HTML report written to a file (--html).
 */
import type { CompareOptions } from '@contract/compare'
import { intOption, stringOption } from '../args'
import { sharedCompareFlags } from '../compare-flags'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { chooseOutput, writeReportFile } from '../output-choice'
import { resolveRun } from '../resolve-run'
import { formatCompare } from '../../report/compare-text'
import { compareMarkdown } from '../../report/markdown-report'
import { compareMany, MAX_RUNS } from './compare-many'

export const compareCommand: CommandSpec = {
  name: 'compare',
  summary: 'compare two runs task by task, or three or more side by side against a baseline',
  help: `Usage: rollscope compare RUN_A RUN_B [--json | --md | --html FILE] [--category FIELD] [--seed N]
                        [--step-a N] [--step-b N] [--tools A,B]… [--allow-different-envs] [--db FILE]
       rollscope compare RUN_1 RUN_2 RUN_3 … [--baseline RUN] [--json | --md | --html FILE] [--seed N]
                        [--tools A,B]… [--allow-different-envs] [--db FILE]

Two runs: pairs the episodes of RUN_A (the base) and RUN_B (e.g. the trained model) by task key and
compares them on the tasks both have. It opens with the verdict (better, worse or no clear difference,
with the 95% CI and McNemar's p) and the warnings that can change it, then the metrics side by side with
the delta B − A and its 95% CI (paired bootstrap over tasks; each run's whole-run figures beside them
when the task sets differ), the flip table (fixed, broken, still pass, still fail), pass@k,
per-category scores with each run's whole-run counts, success within k steps, and the other caveats.

Three or more runs (up to ${MAX_RUNS}): every run over its whole run side by side (mean (σ), ranges,
steps, tokens, times, tool use), each run's verdict against the baseline, the changes against the
baseline and against the run before (absolute, relative, paired 95% CI on shared tasks), and each
task's rollout rewards.

Two training steps: --step-a / --step-b compare one step's batch instead of the whole run, and RUN_A and
RUN_B may be the same training run (rollscope compare RUN RUN --step-a 0 --step-b 400). Prompts sampled
at both steps are paired; steps that sampled different prompts are compared on their whole batches,
and the report says so first.

RUN is a run id, a run name, a folder of its source path, or a unique prefix of these (see: rollscope runs).
Runs of different environments are refused (their task ids name different tasks) unless
--allow-different-envs, and every output then says they are not comparable.

Options:
  --json          print the report as one JSON document: for two runs a CompareReport (verdict,
                  sharedTasks, onlyA, onlyB, metrics[] {key, unit, a, b, delta, ci95, whole},
                  flips, passAtK[], perCategory[] {…, wholeA, wholeB}, solvedWithin[],
                  warnings[] {code, severity, message}); for three or more a MultiCompareReport
                  (runs[], baseline, verdicts[], rows[] {key, unit, values[], vsBaseline[],
                  vsPrevious[]}, perTask[], warnings[])
  --md            print the Markdown report
  --html FILE     write the self-contained HTML report to FILE
  --baseline RUN  three or more runs: the run the others are compared against (default: the first)
  --category F    two runs: break down by the info field F only (default: every field both runs carry)
  --seed N        bootstrap seed (default 1); the same seed gives the same CIs
  --step-a N      two runs: compare training step N of RUN_A (its batch) instead of the whole run
  --step-b N      two runs: the same for RUN_B
  --tools A,B     compare a set of tools as one ("never calls A or B"); repeat for more sets
  --allow-different-envs
                  compare runs of different environments anyway, marked as not comparable
  --db FILE       database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  -h, --help      show this help

Exit status: 1 when a run does not exist; 2 on bad usage (and when the runs are of different
environments without --allow-different-envs).`,
  options: {
    md: { type: 'boolean' },
    html: { type: 'string' },
    category: { type: 'string' },
    seed: { type: 'string' },
    baseline: { type: 'string' },
    tools: { type: 'string', multiple: true },
    'step-a': { type: 'string' },
    'step-b': { type: 'string' },
    'allow-different-envs': { type: 'boolean' }
  },
  async run(ctx) {
    const args = ctx.positionals
    if (args.length < 2)
      throw new UsageError('compare needs two runs: RUN_A RUN_B, or three or more (see: rollscope runs)', 'compare')
    const output = chooseOutput(ctx)
    const flags = sharedCompareFlags(ctx.values, 'compare')
    if (args.length > 2) {
      if (ctx.values['step-a'] !== undefined || ctx.values['step-b'] !== undefined)
        throw new UsageError('--step-a / --step-b are for two runs (or two steps of one training run)', 'compare')
      return compareMany(ctx, args, output, flags)
    }

    if (ctx.values.baseline !== undefined) {
      throw new UsageError('--baseline is for three or more runs; with two, RUN_A is the base', 'compare')
    }
    const stepA = intOption(ctx.values, 'step-a', 'compare', { min: 0, max: Number.MAX_SAFE_INTEGER })
    const stepB = intOption(ctx.values, 'step-b', 'compare', { min: 0, max: Number.MAX_SAFE_INTEGER })
    const [argA, argB] = args
    const options: CompareOptions = {
      ...flags,
      ...(stepA !== undefined ? { stepA } : {}),
      ...(stepB !== undefined ? { stepB } : {})
    }
    const category = stringOption(ctx.values, 'category', 'compare')
    if (category !== undefined) options.category = category
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const runs = await callApi(ctx, engine, 'listRuns')
    const a = resolveRun(runs, argA)
    const b = resolveRun(runs, argB)
    if (a.id === b.id && (stepA === undefined || stepB === undefined || stepA === stepB)) {
      throw new UsageError(
        stepA !== undefined && stepA === stepB
          ? `--step-a and --step-b are the same step (${stepA}) of the same run (${a.id}): give two different steps`
          : `RUN_A and RUN_B are the same run (${a.id}); to compare two of its training steps, give --step-a and --step-b`,
        'compare'
      )
    }
    // The engine breaks down by any field asked for; one neither run has would silently give no table.
    if (category !== undefined && !(a.infoFields.includes(category) && b.infoFields.includes(category))) {
      const shared = a.infoFields.filter((f) => b.infoFields.includes(f))
      throw new UsageError(
        `--category: both runs need the info field '${category}' (fields both have: ${shared.join(', ') || 'none'})`,
        'compare'
      )
    }

    if (output.kind === 'html') {
      const page = await callApi(ctx, engine, 'compareReportHtml', a.id, b.id, options)
      writeReportFile(ctx, output.path, page, 'HTML report')
      return EXIT_OK
    }
    const report = await callApi(ctx, engine, 'compareRuns', a.id, b.id, options)
    if (output.kind === 'json') ctx.printJson(report)
    else if (output.kind === 'md') ctx.print(compareMarkdown(report))
    else ctx.print(formatCompare(report))
    return EXIT_OK
  }
}
