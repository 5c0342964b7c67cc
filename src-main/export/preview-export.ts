/**
 * What an episodes export will write, counted before the file is asked for (the export dialog's line): how many
 * episodes the selection holds, and for SFT how many lines will be written, how many do not end with the model's
 * words and what the ending rule does with them. SFT lines are worked out by the very function the export writes
 * them with (sft-lines.ts), so the counts are the file's; preference pairs by the very pairing the export makes.
 */
import { episodesExportRequest, PREVIEW_SCAN_CAP, type ExportPreview } from '@contract/export'
import { parseOrThrow } from '@contract/guards'
import { resolveEpisodesExport, type PlanSource } from './episodes-export'
import { selectedEpisodes, selectedRuns, selectionFilter } from './select-episodes'
import { previewPreference } from './preference-export'
import { SFT_SKIP_KEY, sftLine } from './sft-lines'

export async function previewEpisodesExport(api: PlanSource, request: unknown): Promise<ExportPreview> {
  const r = parseOrThrow(episodesExportRequest, request, 'export')
  const { options } = await resolveEpisodesExport(api, r)
  const runs = await selectedRuns(api, options)
  const selected = options.episodeIds?.length
    ? options.episodeIds.length
    : runs.length === 0
      ? 0
      : (
          await api.listEpisodes({
            runId: runs[0].id,
            ...(runs.length > 1 ? { runIds: runs.slice(1).map((x) => x.id) } : {}),
            filter: selectionFilter(options),
            limit: 1
          })
        ).total
  const preview: ExportPreview = {
    format: options.format,
    selected,
    scanned: selected,
    complete: true,
    willWrite: options.format === 'preference' ? null : selected,
    endings: { tool: 0, empty: 0, other: 0 },
    trimmed: 0,
    skipped: { notPassed: 0, noVerdict: 0, labelled: 0, noAssistant: 0, ending: 0, notReadWhole: 0 },
    preference: null
  }
  if (options.format === 'preference') return { ...preview, preference: await previewPreference(api, options, runs) }
  if (options.format !== 'sft') return preview
  let scanned = 0
  let written = 0
  for await (const e of selectedEpisodes(api, options, runs)) {
    if (scanned === PREVIEW_SCAN_CAP) break
    scanned++
    const line = await sftLine(api, options, e)
    if (line.ending !== null && line.ending !== 'assistant') preview.endings[line.ending]++
    if ('line' in line) {
      written++
      if (line.line.metadata.trimmed) preview.trimmed++
    } else preview.skipped[SFT_SKIP_KEY[line.skip]]++
  }
  return { ...preview, scanned, complete: scanned === selected, willWrite: written }
}
