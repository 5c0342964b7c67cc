/**
 * The exporter: reads the selection one episode at a time (summaries page by page, one transcript in memory at a
 * time) and hands each line to `write` before reading the next, so a 1 GB selection never sits in memory.
 */
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { csvColumns, csvLine, csvRow } from './csv-export'
import type { ChunkWriter, ExportOptions, ExportResult, ExportSource, SkipReason } from './export-types'
import { jsonlRecord } from './jsonl-export'
import { exportPreference } from './preference-export'
import { exportReport } from './report-export'
import { checkFilter, perPage, readDetail, selectedEpisodes, selectedRuns, selectionFilter } from './select-episodes'
import { SFT_SKIP_KEY, sftLine } from './sft-lines'
import { SkipTally } from './skip-tally'

export async function exportEpisodes(src: ExportSource, o: ExportOptions, write: ChunkWriter): Promise<ExportResult> {
  const runs = await selectedRuns(src, o)
  const runById = new Map(runs.map((r) => [r.id, r]))
  const runName = (id: string): string => runById.get(id)?.name ?? id
  // A filter typo must fail before the first byte is written (a CSV header alone looks like an empty result).
  const filter = selectionFilter(o)
  if (filter && runs.length && !o.episodeIds?.length)
    await checkFilter(
      src,
      runs.map((r) => r.id),
      filter
    )
  switch (o.format) {
    case 'jsonl':
      return perEpisode(src, o, runs, async (e) => {
        const d = await readDetail(src, e.id)
        await write(JSON.stringify(jsonlRecord(d, runById.get(e.runId), await src.getEpisodeLabels(e.id))) + '\n')
        return null
      })
    case 'sft':
      return perEpisode(src, o, runs, async (e) => {
        const r = await sftLine(src, o, e)
        if (!('line' in r)) return SFT_SKIP_KEY[r.skip]
        await write(JSON.stringify(r.line) + '\n')
        return null
      })
    case 'csv': {
      const columns = csvColumns(runs)
      await write(csvLine(columns))
      return perPage(src, o, runs, async (page) => {
        const ids = page.map((e) => e.id)
        const [labels, turnLabels] = [await src.labelsOfEpisodes(ids), await src.turnLabelsOfEpisodes(ids)]
        await write(
          page.map((e) => csvRow(columns, e, runName(e.runId), labels[e.id] ?? [], turnLabels[e.id] ?? [])).join('')
        )
      })
    }
    case 'md':
    case 'html':
      return exportReport(src, { ...o, format: o.format }, runs, write)
    case 'preference':
      return exportPreference(src, o, runs, write)
  }
}

/** Calls `each` per selected episode; it says why the episode was skipped, or null when it was written. */
async function perEpisode(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[],
  each: (e: EpisodeSummary) => Promise<SkipReason | null>
): Promise<ExportResult> {
  let episodes = 0
  const skips = new SkipTally()
  for await (const e of selectedEpisodes(src, o, runs)) {
    const skip = await each(e)
    if (skip === null) episodes++
    else skips.add(skip)
  }
  return { format: o.format, episodes, ...skips.result() }
}
