import type { EpisodeExportFormat, EpisodesExportRequest, SftEnding } from '@contract/export'
import type { EpisodeSortKey } from '@contract/model'

/** What the table shows: its runs, the applied filter and search text, its order and the picked rows. */
export interface ExportedTable {
  runId: string
  also: readonly string[]
  filter: string
  /** The search box's text: it narrows the view as the filter does. */
  text?: string
  sort?: EpisodeSortKey
  desc?: boolean
  picked: readonly string[]
}

/**
 * The export request of the table: the episodes it shows, in its order; with rows picked, exactly those (the filter
 * and text that showed them are then moot).
 */
export function exportRequest(
  t: ExportedTable,
  format: EpisodeExportFormat,
  sft?: { passedOnly: boolean; dropLabelled: string; sftEnding?: SftEnding }
): EpisodesExportRequest {
  return {
    kind: 'episodes',
    format,
    runId: t.runId,
    ...(t.also.length ? { runIds: [...t.also] } : {}),
    ...(t.filter.trim() && !t.picked.length ? { filter: t.filter } : {}),
    ...(t.text?.trim() && !t.picked.length ? { text: t.text } : {}),
    ...(t.sort !== undefined ? { sort: t.sort, ...(t.desc ? { desc: true } : {}) } : {}),
    ...(sft?.passedOnly ? { passedOnly: true } : {}),
    ...(sft?.dropLabelled ? { dropLabelled: sft.dropLabelled } : {}),
    ...(sft?.sftEnding && sft.sftEnding !== 'trim' ? { sftEnding: sft.sftEnding } : {}),
    ...(t.picked.length ? { episodeIds: [...t.picked] } : {})
  }
}
