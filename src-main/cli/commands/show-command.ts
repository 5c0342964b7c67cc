/** `rollscope show EPISODE`: one episode with every turn. */
import type { EpisodeDetail, Turn } from '@contract/model'
import { itemNoun, notReadLine, READ_CUTS_WHY, readCutLine, readCutsTitle } from '@contract/read-cuts'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { formatBool, formatInt, formatNumber, indent, oneLine, orNone, safeText } from '../../report/text-format'

export const showCommand: CommandSpec = {
  name: 'show',
  summary: 'show one episode with all its turns',
  help: `Usage: rollscope show EPISODE [--db FILE] [--json]

Prints one episode (ids come from: rollscope episodes RUN): its task, outcome, metrics and info,
then every turn with its role, error, text, reasoning, tool calls and per-turn reward.

Options:
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json       print the EpisodeDetail as one JSON document (turns[] with index, role, text,
               toolCalls[] {name, arguments}, reward)
  -h, --help   show this help

Exit status: 1 when the episode does not exist.`,
  options: {},
  async run(ctx) {
    const [id, ...extra] = ctx.positionals
    if (!id) throw new UsageError('show needs an EPISODE id (see: rollscope episodes RUN)', 'show')
    if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`, 'show')
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))
    const engine = await ctx.openEngine('cli')
    const episode = await callApi(ctx, engine, 'getEpisode', id)
    if (ctx.json) ctx.printJson(episode)
    else ctx.print(formatEpisode(episode))
    return EXIT_OK
  }
}

const scalar = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)))

function keyValues(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(([k, v]) => `${k}=${scalar(v)}`)
    .join('  ')
}

/** Header block plus every turn. */
export function formatEpisode(e: EpisodeDetail): string {
  const head: [string, string][] = [
    ['Episode', e.id],
    ['Run', `${e.runName} (${e.runId})`],
    ['Source', e.sourcePath],
    ['Task', `${e.taskKey} (${e.taskKeyKind}), rollout ${e.rollout}`],
    ['Reward', `${formatNumber(e.reward)}   passed: ${formatBool(e.passed)}   status: ${e.status}`],
    ['Turns', formatInt(e.turns.length) + (e.cuts?.some((c) => c.kind === 'items') ? ' read (see Not read)' : '')]
  ]
  if (e.error) head.push(['Error', e.error])
  if (e.answer !== null) head.push(['Answer', e.answer])
  if (Object.keys(e.metrics).length) head.push(['Metrics', keyValues(e.metrics)])
  if (Object.keys(e.info).length) head.push(['Info', keyValues(e.info)])
  if (e.tokensIn !== null || e.tokensOut !== null) {
    head.push(['Tokens', `in ${formatInt(e.tokensIn)}, out ${formatInt(e.tokensOut)}`])
  }
  // a record too large or too deep to read whole (issue 17): what is shown of it, and why
  if (e.cuts?.length) {
    head.push(['Not read', `${readCutsTitle(e.cuts).toLowerCase()}: ${e.cuts.map(readCutLine).join('; ')}`])
    head.push(['', READ_CUTS_WHY])
  }
  // Newlines in trace values would break the key/value layout; other spacing is kept.
  const header = head.map(([k, v]) => `${k.padEnd(8)} ${safeText(v).replace(/[\n\t]+/g, ' ')}`).join('\n')
  const gapNoun = (n: number): string => {
    const cut = e.cuts?.find((c) => c.kind === 'items' && c.total - c.head - c.tail === n)
    return cut ? itemNoun(cut.path) : 'items'
  }
  const turns = e.turns.map((t) =>
    t.notReadBefore
      ? `⋯ ${notReadLine(t.notReadBefore, gapNoun(t.notReadBefore))} ⋯\n\n${formatTurn(t)}`
      : formatTurn(t)
  )
  return [header, ...turns].join('\n\n') + '\n'
}

function formatTurn(t: Turn): string {
  const tags: string[] = [`[${t.index}] ${t.role}`]
  if (t.toolName) tags.push(`(${oneLine(t.toolName)})`)
  if (t.isPrompt) tags.push('prompt')
  if (t.reward !== null) tags.push(`reward ${formatNumber(t.reward)}`)
  if (t.done) tags.push('done')
  const lines = [`── ${tags.join(' ')} ──`]
  // the turn's error (a failed tool call, an API error): the viewer shows it above the text, and so does this
  if (t.meta?.error) lines.push(indent(`error: ${safeText(t.meta.error)}`))
  if (t.reasoning) lines.push(indent(`reasoning: ${safeText(t.reasoning)}`))
  if (t.text) lines.push(indent(safeText(t.text)))
  for (const call of t.toolCalls) {
    lines.push(indent(`→ ${oneLine(call.name)} ${safeText(scalar(call.arguments))}`))
  }
  if (lines.length === 1) lines.push(indent(orNone(null)))
  return lines.join('\n')
}
