/** `rollscope export`: the selection (runs, labels, episodes, a filter) as JSONL, SFT chat, preference pairs, CSV, or a Markdown or HTML report. */
import { resolve } from 'node:path'
import { BadRequestError } from '@contract/guards'
import { SFT_ENDINGS, type SftEnding } from '@contract/export'
import { exportEpisodes } from '../../export/export-episodes'
import {
  EXPORT_FORMATS,
  type ChunkWriter,
  type ExportFormat,
  type ExportOptions,
  type ExportResult
} from '../../export/export-types'
import { writeToFile } from '../../export/file-sink'
import { openErrorMessage } from '../../export/open-error'
import { streamWriter } from '../../export/stream-writer'
import { stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { resolveRun } from '../resolve-run'

export const exportCommand: CommandSpec = {
  name: 'export',
  summary: 'export episodes as JSONL, SFT chat, preference pairs, CSV, or a Markdown or HTML report',
  help: `Usage: rollscope export --format FORMAT [--run RUN]… [--label LABEL]… [--episode ID]… [--filter EXPR]
                        [--passed-only] [--drop-labelled LABEL] [--sft-ending RULE] [--out FILE]
                        [--db FILE] [--json]

Writes the selected episodes to FILE or stdout, one at a time (a large selection is never held in
memory), and says on stderr how many it wrote.

Formats:
  jsonl       one episode per line: turns, metrics, info, labels, notes and provenance (source file,
              run, task key, rollout, checkpoint step)
  sft         OpenAI chat format, one episode per line: {"messages": [...], "tools": [...],
              "metadata": {"episode_id", "run_id", "run_name", "task_key", "rollout", "reward", "passed",
              "ending", "trimmed", "empty_turns_left_out"}} (SFT loaders read messages and tools and
              leave metadata alone); an assistant message's reasoning is its "reasoning_content"; every
              assistant tool call is paired with its tool message (tool_call_id); calls nobody answered
              are left out, but on the last assistant message, where the episode stopped on them. A line
              that does not end with the model's words (a tool result, an empty assistant turn, a user
              turn) is trimmed back to its last assistant message that says something (text, reasoning
              or calls); a final call then stays without its result (--sft-ending). Empty assistant
              turns inside a line are left out (not with --sft-ending keep)
  preference  {"prompt", "chosen", "rejected"} pairs of the same task: with one run, the best-rewarded
              rollout against the worst; with two runs (--run A --run B), the better of the two runs'
              best rollouts against the other. prompt = the messages both share. Ties are skipped
  csv         the episodes table: list fields, labels, every metric and info field (RFC 4180)
  md          a short report: counts and mean reward per run, the compare report (see: rollscope
              compare) when the selection is two runs that share tasks, a table of the episodes.
              With one run, or three or more, one line says why there is no comparison (name two
              runs with --run A --run B to get it); with --filter the comparison still covers both
              runs in full
  html        the md report as one self-contained HTML file (styles, and the compare report's charts,
              inlined; no external request, opens from disk), with the episodes' labels

Options:
  --run RUN              only this run (id, name, folder or unique prefix; repeat for several).
                         Default: every run
  --label LABEL          only episodes carrying LABEL themselves (repeat: any of them); a label on a
                         turn: --filter 'turn_label == "LABEL"'
  --episode ID           exactly this episode (repeat for several; not with --filter or --label)
  --filter EXPR          a filter expression of the episodes table, e.g. 'reward < 0.5'
  --passed-only          (sft) only episodes that passed (an episode without a verdict, its run having
                         no pass threshold, is counted apart: noVerdict)
  --drop-labelled LABEL  (sft) leave out turns labelled LABEL, and episodes labelled with it
  --sft-ending RULE      (sft) a line not ending with the model's words: trim (default: cut back to the
                         last assistant message with text or calls), drop (leave the episode out) or
                         keep (write it as it is)
  --out FILE             write to FILE instead of stdout
  --db FILE              database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json                 print the result {format, episodes, pairs?, skipped, skippedBy?} on stdout
                         (needs --out); skippedBy counts the episodes left out by reason:
                         sft: notPassed, noVerdict, labelled, noAssistant, ending (--sft-ending drop),
                         notReadWhole; preference: loneRollout, taskInOneRun, notCompared, tie,
                         noReward, notReadWhole
  -h, --help             show this help

Exit status: 1 when the export failed (an unknown episode, FILE cannot be written); 2 on bad usage (an
unknown label, a bad filter, preference over more than two runs).`,
  options: {
    format: { type: 'string' },
    run: { type: 'string', multiple: true },
    label: { type: 'string', multiple: true },
    episode: { type: 'string', multiple: true },
    filter: { type: 'string' },
    'passed-only': { type: 'boolean' },
    'drop-labelled': { type: 'string' },
    'sft-ending': { type: 'string' },
    out: { type: 'string' }
  },
  async run(ctx) {
    if (ctx.positionals.length) throw new UsageError(`unexpected argument '${ctx.positionals[0]}'`, 'export')
    const format = stringOption(ctx.values, 'format', 'export')
    if (format === undefined) throw new UsageError(`export needs --format (${EXPORT_FORMATS.join(', ')})`, 'export')
    if (!EXPORT_FORMATS.includes(format as ExportFormat))
      throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, got '${format}'`, 'export')
    const list = (name: string): string[] => (ctx.values[name] as unknown as string[] | undefined) ?? []
    const options: ExportOptions = {
      format: format as ExportFormat,
      runIds: [],
      // an episode named twice is one episode: one line, where it was first named
      episodeIds: [...new Set(list('episode'))],
      filter: stringOption(ctx.values, 'filter', 'export'),
      labels: list('label'),
      passedOnly: ctx.values['passed-only'] === true,
      dropLabelled: stringOption(ctx.values, 'drop-labelled', 'export'),
      sftEnding: sftEnding(stringOption(ctx.values, 'sft-ending', 'export'))
    }
    if (options.episodeIds!.length && (options.filter !== undefined || options.labels!.length)) {
      throw new UsageError('--episode names exact episodes; it does not combine with --filter or --label', 'export')
    }
    if (
      (options.passedOnly || options.dropLabelled !== undefined || options.sftEnding !== undefined) &&
      format !== 'sft'
    ) {
      throw new UsageError('--passed-only, --drop-labelled and --sft-ending apply to --format sft', 'export')
    }
    const outArg = stringOption(ctx.values, 'out', 'export')
    if (ctx.json && outArg === undefined)
      throw new UsageError('--json prints the result on stdout, so the export needs --out FILE', 'export')
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const runArgs = list('run')
    if (runArgs.length) {
      const runs = await callApi(ctx, engine, 'listRuns')
      options.runIds = runArgs.map((r) => resolveRun(runs, r).id)
    }
    const named = [...options.labels!, ...(options.dropLabelled === undefined ? [] : [options.dropLabelled])]
    if (named.length) {
      // An unknown label is a typo, not an empty selection (nor, for --drop-labelled, nothing to leave out).
      const known = (await callApi(ctx, engine, 'getTaxonomy')).map((d) => d.name.toLowerCase())
      const unknown = named.find((l) => !known.includes(l.toLowerCase()))
      if (unknown !== undefined)
        throw new UsageError(`unknown label "${unknown}" (the taxonomy has: ${known.join(', ')})`, 'export')
    }

    let opened = false
    let result: ExportResult
    try {
      if (outArg === undefined) {
        const stream = ctx.io.stdoutStream
        const write: ChunkWriter = stream ? streamWriter(stream) : async (chunk) => ctx.io.stdout(chunk)
        result = await exportEpisodes(engine.api, options, write)
      } else {
        // a failed export removes its partial file rather than leave one that looks complete (file-sink.ts)
        result = await writeToFile(resolve(ctx.io.cwd, outArg), (write) => {
          opened = true
          return exportEpisodes(engine.api, options, write)
        })
      }
    } catch (err) {
      if (outArg !== undefined && !opened)
        throw new CommandFailure(openErrorMessage(outArg, resolve(ctx.io.cwd, outArg), err))
      // A filter typo is bad usage, like in `rollscope episodes --filter`; anything else failed.
      const message = err instanceof Error ? err.message : String(err)
      if (err instanceof BadRequestError) throw new UsageError(message, 'export')
      throw new CommandFailure(message)
    }
    const n = (k: number, one: string): string => `${k} ${k === 1 ? one : `${one}s`}`
    const what =
      result.pairs !== undefined
        ? `${n(result.pairs, 'pair')} (${n(result.episodes, 'episode')})`
        : n(result.episodes, 'episode')
    const why = Object.entries(result.skippedBy ?? {})
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ')
    ctx.warn(
      `Exported ${what} as ${format}${result.skipped ? `; skipped ${result.skipped}${why ? ` (${why})` : ''}` : ''}${outArg ? ` to ${outArg}` : ''}.`
    )
    if (ctx.json) ctx.printJson(result)
    return EXIT_OK
  }
}

function sftEnding(value: string | undefined): SftEnding | undefined {
  if (value === undefined) return undefined
  if (!(SFT_ENDINGS as readonly string[]).includes(value))
    throw new UsageError(`--sft-ending must be one of ${SFT_ENDINGS.join(', ')}, got '${value}'`, 'export')
  return value as SftEnding
}
