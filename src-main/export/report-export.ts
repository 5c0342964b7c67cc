/**
 * The two report formats (md, html): a first pass over the summaries (cheap rows, no transcripts) for the per-run
 * totals, the comparison when the selection is two comparable runs, then the episode table written page by page.
 * Only the totals and the compare report are held; the rows stream.
 */
import type { RunSummary } from '@contract/model'
import { compareChartScripts } from '../report/html-report'
import { exportComparison } from './export-compare'
import type { ChunkWriter, ExportOptions, ExportResult, ExportSource } from './export-types'
import { excerpt, htmlHead, htmlRow, htmlTail, htmlTriageRow, triagedTurns } from './html-export'
import {
  addToTally,
  mdComparison,
  mdEpisodesHead,
  mdNoComparison,
  mdRow,
  mdSummary,
  mdTriage,
  MD_TRIAGE_HEADING,
  newTally,
  type RunTally
} from './md-export'
import { perPage, readDetail, selectedEpisodes, selectionFilter } from './select-episodes'

export async function exportReport(
  src: ExportSource,
  o: ExportOptions & { format: 'md' | 'html' },
  runs: RunSummary[],
  write: ChunkWriter
): Promise<ExportResult> {
  const runById = new Map(runs.map((r) => [r.id, r]))
  const runName = (id: string): string => runById.get(id)?.name ?? id
  const tallies = new Map<string, RunTally>(runs.map((r) => [r.id, newTally(r)]))
  for await (const e of selectedEpisodes(src, o, runs))
    addToTally(tallies.get(e.runId) ?? tallies.set(e.runId, newTally(runById.get(e.runId)!)).get(e.runId)!, e)
  const filter = selectionFilter(o)
  const what = o.episodeIds?.length
    ? `${o.episodeIds.length} named episodes`
    : `runs ${runs.map((r) => r.name).join(', ') || '(none)'}${filter ? ` where ${filter}` : ''}`
  const comparison = await exportComparison(src, o, runs)

  if (o.format === 'md') {
    await write(mdSummary([...tallies.values()], what))
    await write(
      comparison.report
        ? mdComparison(comparison.report, comparison.scopeNote) + '\n'
        : mdNoComparison(comparison.reason)
    )
    await write(mdEpisodesHead())
    const result = await perPage(src, o, runs, async (page) => {
      const labels = await src.labelsOfEpisodes(page.map((e) => e.id))
      await write(page.map((e) => mdRow(e, runName(e.runId), labels[e.id] ?? [])).join(''))
    })
    // the notes and labelled turns after the table, in its order: a second pass over the selection (rows stream)
    let headed = false
    await perPage(src, o, runs, async (page) => {
      for (const e of page) {
        const triage = await src.getEpisodeLabels(e.id)
        const marked = triagedTurns(triage)
        if (!(triage.note ?? '').trim() && marked.length === 0) continue
        const turns = marked.length ? (await readDetail(src, e.id)).turns : null
        if (!headed) await write(MD_TRIAGE_HEADING)
        headed = true
        await write(mdTriage(e, runName(e.runId), triage, marked, turns, excerpt))
      }
    })
    return result
  }
  const charts = comparison.report ? compareChartScripts(comparison.report) : null
  await write(htmlHead([...tallies.values()], what, comparison, charts))
  const result = await perPage(src, o, runs, async (page) => {
    const labels = await src.labelsOfEpisodes(page.map((e) => e.id))
    const rows: string[] = []
    for (const e of page) {
      // the transcript is read only for an episode with labelled or noted turns, to quote them
      const triage = await src.getEpisodeLabels(e.id)
      const turns = triagedTurns(triage).length ? (await readDetail(src, e.id)).turns : null
      rows.push(htmlRow(e, runName(e.runId), labels[e.id] ?? []) + htmlTriageRow(triage, turns))
    }
    await write(rows.join(''))
  })
  await write(htmlTail(charts))
  return result
}
