import type { EpisodeExportFormat, EpisodesExportRequest, SftEnding } from '@contract/export'

/** What the table shows: its runs, the applied filter and the picked rows. */
export interface ExportedTable {
  runId: string
  also: readonly string[]
  filter: string
  picked: readonly string[]
}

/** The export request of the table: with rows picked, exactly those (the filter that showed them is then moot). */
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
    ...(sft?.passedOnly ? { passedOnly: true } : {}),
    ...(sft?.dropLabelled ? { dropLabelled: sft.dropLabelled } : {}),
    ...(sft?.sftEnding && sft.sftEnding !== 'trim' ? { sftEnding: sft.sftEnding } : {}),
    ...(t.picked.length ? { episodeIds: [...t.picked] } : {})
  }
}
