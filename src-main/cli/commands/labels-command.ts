/** `rollscope labels export [--out FILE]` / `rollscope labels import FILE`: move triage between workspaces. */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { LabelsExport } from '@contract/labels'
import { stringOption } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'
import { safeText } from '../../report/text-format'
import { openErrorMessage } from '../../export/open-error'

/** What `labels export --out FILE` wrote (its `--json` document). */
function exportCounts(out: string, data: LabelsExport) {
  return {
    out,
    items: data.items.length,
    labels: data.items.reduce((n, i) => n + i.labels.length, 0),
    notes: data.items.filter((i) => i.note !== null && i.note !== '').length,
    taxonomy: data.taxonomy.length,
    views: data.views.length
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

export const labelsCommand: CommandSpec = {
  name: 'labels',
  summary: 'export or import every label, note, the taxonomy and saved views (JSON)',
  help: `Usage: rollscope labels export [--out FILE] [--db FILE] [--json]
       rollscope labels import FILE [--db FILE] [--json]

export  writes every label and note (keyed by source file, task key, rollout and turn), the label
        taxonomy and the saved views as one JSON document, to FILE or stdout
import  merges such a file into this database: unknown taxonomy labels are added, labels are added
        to those already there, a note is set only where there is none, views whose name is taken
        are skipped. Says what was added and lists what was skipped and why

Options:
  --out FILE   (export) write to FILE instead of stdout
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json       (export with --out) print what was written {out, items, labels, notes, taxonomy, views};
               (import) print the report {taxonomyAdded, labelsAdded, notesSet, viewsAdded, relocated, notHere,
               heldBack, skipped[] {what, reason}}
  -h, --help   show this help

Exit status: 1 when FILE cannot be read or written, or is not JSON; 2 when it is not a labels export.`,
  options: { out: { type: 'string' } },
  async run(ctx) {
    const [action, file, ...extra] = ctx.positionals
    if (action !== 'export' && action !== 'import')
      throw new UsageError(`labels needs 'export' or 'import', got '${action ?? ''}'`, 'labels')
    if (extra.length || (action === 'export' && file !== undefined))
      throw new UsageError(`unexpected argument '${extra[0] ?? file}'`, 'labels')
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))
    if (action === 'export') {
      const out = stringOption(ctx.values, 'out', 'labels')
      const engine = await ctx.openEngine('cli')
      const data = await callApi(ctx, engine, 'exportLabels')
      const text = JSON.stringify(data, null, 2) + '\n'
      // to stdout the document is the output (--json or not: it is JSON)
      if (out === undefined) {
        ctx.print(text)
        return EXIT_OK
      }
      const path = resolve(ctx.io.cwd, out)
      try {
        writeFileSync(path, text)
      } catch (err) {
        throw new CommandFailure(openErrorMessage(out, path, err))
      }
      const written = exportCounts(out, data)
      ctx.warn(
        `Exported ${plural(written.labels, 'label')} and ${plural(written.notes, 'note')} on ${plural(written.items, 'episode or turn', 'episodes or turns')}, ` +
          `${plural(written.taxonomy, 'taxonomy label')} and ${plural(written.views, 'saved view')} to ${out}.`
      )
      if (ctx.json) ctx.printJson(written)
      return EXIT_OK
    }
    if (!file) throw new UsageError('labels import needs a FILE (written by: rollscope labels export)', 'labels')
    let data: LabelsExport
    try {
      data = JSON.parse(readFileSync(resolve(ctx.io.cwd, file), 'utf8')) as LabelsExport
    } catch (err) {
      throw new CommandFailure(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`)
    }
    const engine = await ctx.openEngine('cli')
    const report = await callApi(ctx, engine, 'importLabels', data)
    if (ctx.json) ctx.printJson(report)
    else {
      const lines = [
        `Imported ${report.labelsAdded} labels, ${report.notesSet} notes, ${report.taxonomyAdded} taxonomy labels, ${report.viewsAdded} saved views.`,
        ...(report.relocated.length
          ? [`Found ${report.relocated.length} source files here at another path; their labels moved with them:`]
          : []),
        ...report.relocated.map((r) => `  ${safeText(r.from)} → ${safeText(r.to)}`),
        ...(report.notHere
          ? [
              `${report.notHere} labels and notes are of files not indexed in this workspace: kept, they show once ` +
                'those files are indexed at their path.'
            ]
          : []),
        ...(report.heldBack
          ? [
              `${report.heldBack} labels and notes are of episodes not in their file as indexed, or whose content ` +
                'changed since they were made: kept and held back (`rollscope label EPISODE` lists them).'
            ]
          : []),
        ...(report.skipped.length ? [`Skipped ${report.skipped.length}:`] : []),
        ...report.skipped.map((s) => `  ${safeText(s.what)}: ${s.reason}`)
      ]
      ctx.print(lines.join('\n') + '\n')
    }
    return EXIT_OK
  }
}
