/**
 * `rollscope label EPISODE [LABEL] [--note TEXT] [--turn N] [--remove] [--keep]`: triage one episode or turn from a
 * script; with neither a LABEL nor --note, shows what the episode carries (and what was made on other content).
 */
import type { EpisodeLabels } from '@contract/labels'
import { intOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { safeText } from '../../report/text-format'

export const labelCommand: CommandSpec = {
  name: 'label',
  summary: 'label an episode or one of its turns, set its note, or show its labels',
  help: `Usage: rollscope label EPISODE [LABEL] [--note TEXT] [--turn N] [--remove] [--keep] [--db FILE] [--json]

Applies LABEL (a name from the label taxonomy, case-insensitive, e.g. "loop" or "good example") to the
episode EPISODE (ids come from: rollscope episodes RUN), or with --turn N to its turn N (0-based, as
numbered by rollscope show). Labels and notes are kept by source file, task key and rollout, so they
survive re-indexing and a rebuilt database. With neither LABEL nor --note it shows what the episode carries.

A label or note keeps a fingerprint of the episode's content. When the file is rewritten and the
episode holds other content (another run under the same name, a re-run), what was made before is
listed apart as "labelled when the episode held other content" and counts nowhere else (filters,
counts, exports) until --keep keeps it or --remove / --note "" takes it off. Find such episodes with
rollscope episodes RUN --filter label_changed.

Options:
  --note TEXT  set the note of the episode (or of turn N); an empty TEXT removes it. LABEL may then
               be left out
  --turn N     label (or annotate) turn N instead of the whole episode
  --remove     take LABEL off instead of applying it
  --keep       keep the labels and notes made when the episode held other content: they now describe
               what it holds
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json       print the episode's labels: {episodeId, identity {sourcePath, taskKey, rollout},
               labels[], note, turns[] {turn, labels[], note}, changed (null, or the labels[], note
               and turns[] made on other content)}
  -h, --help   show this help

Exit status: 1 when the episode does not exist; 2 for an unknown label or turn, or --remove of a label it
has not.`,
  options: {
    note: { type: 'string' },
    turn: { type: 'string' },
    remove: { type: 'boolean' },
    keep: { type: 'boolean' }
  },
  async run(ctx) {
    const [id, label, ...extra] = ctx.positionals
    if (!id) throw new UsageError('label needs an EPISODE id (see: rollscope episodes RUN)', 'label')
    if (extra.length)
      throw new UsageError(`unexpected argument '${extra[0]}' (quote a label with spaces: "gave up")`, 'label')
    const note = ctx.values.note as string | undefined
    if (ctx.values.remove === true && label === undefined)
      throw new UsageError('--remove needs the LABEL to take off', 'label')
    const turn = intOption(ctx.values, 'turn', 'label', { min: 0, max: 1e7 }) ?? null
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    let result: EpisodeLabels | undefined
    if (ctx.values.keep === true) result = await callApi(ctx, engine, 'keepLabels', id)
    if (label !== undefined && ctx.values.remove === true) {
      // the label as it is applied (labels match case-insensitively, as they are added); one not there is a typo or
      // a wrong turn, said as such, not an exit 0 that changed nothing
      const held = await callApi(ctx, engine, 'getEpisodeLabels', id)
      const on = turn === null ? held.labels : (held.turns.find((t) => t.turn === turn)?.labels ?? [])
      const applied = on.find((l) => l.toLowerCase() === label.trim().toLowerCase())
      if (applied === undefined)
        throw new UsageError(
          `${turn === null ? 'the episode' : `turn ${turn}`} has no label "${label}" (it has: ${on.join(', ') || 'none'})`,
          'label'
        )
      result = await callApi(ctx, engine, 'removeLabel', id, applied, turn)
    } else if (label !== undefined) result = await callApi(ctx, engine, 'addLabel', id, label, turn)
    if (note !== undefined) result = await callApi(ctx, engine, 'setNote', id, note, turn)
    result ??= await callApi(ctx, engine, 'getEpisodeLabels', id)
    if (ctx.json) ctx.printJson(result)
    else ctx.print(formatLabels(result))
    return EXIT_OK
  }
}

/** What the episode now carries, episode first, then each labelled or annotated turn. */
export function formatLabels(l: EpisodeLabels): string {
  const list = (labels: string[]): string => (labels.length ? labels.map(safeText).join(', ') : '(no labels)')
  const lines = [
    `Episode ${l.episodeId} (task ${safeText(l.identity.taskKey)}, rollout ${l.identity.rollout}): ${list(l.labels)}`
  ]
  if (l.note !== null) lines.push(`  note: ${safeText(l.note)}`)
  for (const t of l.turns) {
    lines.push(`  turn ${t.turn}: ${list(t.labels)}`)
    if (t.note !== null) lines.push(`    note: ${safeText(t.note)}`)
  }
  const c = l.changed
  if (c) {
    lines.push(
      `  ! labelled when the episode held other content (its file changed since): not counted until kept`,
      `    labels: ${list(c.labels)}`
    )
    if (c.note !== null) lines.push(`    note: ${safeText(c.note)}`)
    for (const t of c.turns) {
      lines.push(`    turn ${t.turn}: ${list(t.labels)}`)
      if (t.note !== null) lines.push(`      note: ${safeText(t.note)}`)
    }
    lines.push(
      `    check the episode (rollscope show ${l.episodeId}), then: rollscope label ${l.episodeId} --keep, or --remove LABEL`
    )
  }
  return lines.join('\n') + '\n'
}
