/**
 * The app's export of a table (its runs, its filter, or the rows picked in it) checked against the workspace:
 * runs that exist, labels of the taxonomy, picked rows of the table's runs, a filter that parses (a one-row query),
 * options that fit the format. A refusal is thrown before a byte is written, so every host shows the same message.
 */
import type { TraceApi } from '@contract/api'
import type { EpisodesExportRequest } from '@contract/export'
import type { EpisodeSortKey } from '@contract/model'
import { BadRequestError, NotFoundError } from '@contract/guards'
import { exportEpisodes } from './export-episodes'
import type { ExportFormat, ExportOptions, PlannedExport } from './export-types'
import { exportFileName } from './file-names'
import { checkFilter, episodesByIds } from './select-episodes'

export type PlanSource = Pick<
  TraceApi,
  | 'listRuns'
  | 'getTaxonomy'
  | 'listEpisodes'
  | 'getEpisodePreview'
  | 'getEpisode'
  | 'getEpisodeLabels'
  | 'labelsOfEpisodes'
  | 'turnLabelsOfEpisodes'
  | 'compareRuns'
>

const CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  sft: 'application/x-ndjson; charset=utf-8',
  preference: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8'
}

/** The request checked against the workspace and resolved into the exporter's options, with the file's base name. */
export async function resolveEpisodesExport(
  api: PlanSource,
  request: EpisodesExportRequest
): Promise<{ options: ExportOptions; name: string }> {
  // the line options pass through as declared in the contract; the rest is the selection
  const { kind: _kind, format, runId, runIds, filter, text, sort, desc, label, episodeIds, ...lineOptions } = request
  const workspace = await api.listRuns()
  const run = workspace.find((r) => r.id === runId)
  if (!run) throw new NotFoundError(`no run with id ${runId}`)
  const also = [...new Set(runIds ?? [])].filter((id) => id !== run.id)
  for (const id of also) if (!workspace.some((r) => r.id === id)) throw new NotFoundError(`no run with id ${id}`)
  if (
    (lineOptions.passedOnly || lineOptions.dropLabelled !== undefined || lineOptions.sftEnding !== undefined) &&
    format !== 'sft'
  ) {
    throw new BadRequestError('passed only, leaving out labelled turns and the line ending apply to the sft format')
  }
  // An unknown label is a typo, not an empty selection (as in `rollscope export --label`).
  const taxonomy =
    label !== undefined || lineOptions.dropLabelled !== undefined
      ? (await api.getTaxonomy()).map((d) => d.name.toLowerCase())
      : []
  for (const l of [label, lineOptions.dropLabelled])
    if (l !== undefined && !taxonomy.includes(l.toLowerCase())) throw new BadRequestError(`unknown label "${l}"`)
  const picked = await pickedEpisodes(api, episodeIds, [run.id, ...also])
  if (picked && format === 'preference')
    throw new BadRequestError('preference pairs are made from whole runs: clear the selection to export the view')
  const options: ExportOptions = {
    ...lineOptions,
    format,
    runIds: [run.id, ...also],
    // picked rows are exported as they are: the filter and label that showed them do not narrow them again
    ...(picked
      ? { episodeIds: picked, labels: [] }
      : {
          filter: filter?.trim() ? filter : undefined,
          text: text?.trim() ? text : undefined,
          labels: label === undefined ? [] : [label]
        }),
    // the contract's schema checked the key (a column, or metric: / info: and a name)
    ...(sort !== undefined ? { sort: sort as EpisodeSortKey, desc: desc === true } : {})
  }
  // a bad filter is found by a one-row query now, not after the user picked a file
  if (options.filter) await checkFilter(api, options.runIds, options.filter)
  return { options, name: also.length ? `${run.name}-and-${also.length}-more` : run.name }
}

export async function planEpisodesExport(api: PlanSource, request: EpisodesExportRequest): Promise<PlannedExport> {
  const { options, name } = await resolveEpisodesExport(api, request)
  const format = options.format
  return {
    plan: {
      fileName: exportFileName(name, format),
      contentType: CONTENT_TYPE[format],
      title: `Export ${format}`,
      summary: null
    },
    write: async (out) => ({ kind: 'episodes', ...(await exportEpisodes(api, options, out)) })
  }
}

/**
 * The picked rows, checked: each an episode of one of the table's runs (an id from elsewhere is a stale or forged
 * request, refused rather than exported). Undefined when none were sent.
 */
async function pickedEpisodes(
  api: Pick<TraceApi, 'listEpisodes' | 'getEpisodePreview'>,
  value: string[] | undefined,
  runIds: string[]
): Promise<string[] | undefined> {
  const ids = [...new Set(value ?? [])]
  if (ids.length === 0) return undefined
  for await (const [id, found] of episodesByIds(api, runIds, ids)) {
    if (found) continue
    // the error path only: an id of no episode at all throws the reader's NotFoundError ("no episode with id …")
    await api.getEpisodePreview(id)
    throw new BadRequestError(`episode ${id} is not in the exported run(s)`)
  }
  return ids
}
