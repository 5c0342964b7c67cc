/**
 * `rollscope compare RUN_A RUN_B`: the paired comparison of two runs on their shared tasks, as a terminal summary,
 * one JSON document (--json), the Markdown report (--md) or the self-contained HTML report written to a file (--html).
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { CompareOptions } from '@contract/compare'
import { intOption, stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { resolveRun } from '../resolve-run'
import { formatCompare } from '../../report/compare-text'
import { compareMarkdown } from '../../report/markdown-report'

export const compareCommand: CommandSpec = {
  name: 'compare',
  summary: 'compare two runs task by task (paired statistics, flips, categories)',
  help: `Usage: rollscope compare RUN_A RUN_B [--json | --md | --html FILE] [--category FIELD] [--seed N]
                        [--db FILE]

Pairs the episodes of RUN_A (the base) and RUN_B (e.g. the trained model) by task key and compares
them on the tasks both have: metrics side by side with the delta B − A and its 95% CI (paired
bootstrap over tasks), the flip table (fixed, broken, still pass, still fail) with McNemar's exact p,
pass@k, per-category scores, success within k steps, and warnings when the runs are not comparable.
RUN is a run id, a run name, a folder of its source path, or a unique prefix of these (see: rollscope runs).

Options:
  --json          print the CompareReport as one JSON document (sharedTasks, onlyA, onlyB, metrics[]
                  {key, a, b, delta, ci95}, flips {fixed, broken, bothPass, bothFail, mcnemarP},
                  passAtK[], perCategory[], solvedWithin[], warnings[])
  --md            print the Markdown report
  --html FILE     write the self-contained HTML report (tables and charts) to FILE
  --category F    break down by the info field F only (default: every field both runs carry)
  --seed N        bootstrap seed (default 1); the same seed gives the same CIs
  --db FILE       database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  -h, --help      show this help

Exit status: 1 when a run does not exist; 2 on bad usage.`,
  options: {
    md: { type: 'boolean' },
    html: { type: 'string' },
    category: { type: 'string' },
    seed: { type: 'string' }
  },
  async run(ctx) {
    const [argA, argB, ...extra] = ctx.positionals
    if (!argA || !argB) throw new UsageError('compare needs two runs: RUN_A RUN_B (see: rollscope runs)', 'compare')
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`, 'compare')
    const html = stringOption(ctx.values, 'html', 'compare')
    const outputs = [ctx.json && '--json', ctx.values.md === true && '--md', html !== undefined && '--html'].filter(Boolean)
    if (outputs.length > 1) throw new UsageError(`choose one output: ${outputs.join(' or ')}`, 'compare')
    const options: CompareOptions = {}
    const category = stringOption(ctx.values, 'category', 'compare')
    if (category !== undefined) options.category = category
    const seed = intOption(ctx.values, 'seed', 'compare', { min: 0, max: 2 ** 31 })
    if (seed !== undefined) options.seed = seed
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const runs = await callApi(ctx, engine, 'listRuns')
    const a = resolveRun(runs, argA)
    const b = resolveRun(runs, argB)
    if (a.id === b.id) throw new UsageError(`RUN_A and RUN_B are the same run (${a.id})`, 'compare')
    // The engine breaks down by any field asked for; one neither run has would silently give no table.
    if (category !== undefined && !(a.infoFields.includes(category) && b.infoFields.includes(category))) {
      const shared = a.infoFields.filter((f) => b.infoFields.includes(f))
      throw new UsageError(
        `--category: both runs need the info field '${category}' (fields both have: ${shared.join(', ') || 'none'})`,
        'compare'
      )
    }

    if (html !== undefined) {
      const path = resolve(ctx.io.cwd, html)
      const page = await callApi(ctx, engine, 'compareReportHtml', a.id, b.id, options)
      try {
        writeFileSync(path, page)
      } catch (err) {
        throw new CommandFailure(`cannot write ${path}: ${err instanceof Error ? err.message : String(err)}`)
      }
      ctx.print(`Wrote the HTML report to ${path}\n`)
      return EXIT_OK
    }
    const report = await callApi(ctx, engine, 'compareRuns', a.id, b.id, options)
    if (ctx.json) ctx.printJson(report)
    else if (ctx.values.md === true) ctx.print(compareMarkdown(report))
    else ctx.print(formatCompare(report))
    return EXIT_OK
  }
}
