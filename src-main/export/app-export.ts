/**
 * The app's export of the current view (one run, the table's filter, optionally one label): the checks and names
 * shared by the browser-mode download route and the desktop save-dialog export, so both refuse the same input with
 * the same messages before a byte is written.
 */
import { BadRequestError, NotFoundError } from '@contract/guards'
import type { TraceApi } from '@contract/api'
import { episodesByIds } from './select-episodes'
import { EXPORT_FORMATS, type ExportFormat, type ExportOptions } from './export-types'

/** What the app asks for: strings as they arrive from a URL or over IPC (checked here, not trusted). */
export interface AppExportRequest {
  format: unknown
  runId: unknown
  /** More runs exported with `runId` (the app's table over several runs). */
  runIds?: unknown
  filter?: unknown
  label?: unknown
  /** sft: only passed episodes (true, or "1" from a URL). */
  passedOnly?: unknown
  /** sft: leave out the turns (and episodes) labelled with this label. */
  dropLabelled?: unknown
  /** Rows picked in the table: exactly these episodes (of the table's runs), in this order; the filter is then moot. */
  episodeIds?: unknown
}

export interface AppExportPlan {
  options: ExportOptions
  /** `rollscope-<run>-<format>.<ext>`, safe as a file name and in a content-disposition header. */
  fileName: string
  contentType: string
}

/** A picked selection beyond this is not a selection but a view: export the view (its filter) instead. */
export const MAX_EXPORT_EPISODE_IDS = 10_000

const EXTENSION: Record<ExportFormat, string> = { jsonl: 'jsonl', sft: 'jsonl', preference: 'jsonl', csv: 'csv', md: 'md', html: 'html' }
const CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  sft: 'application/x-ndjson; charset=utf-8',
  preference: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8'
}

/** A run name reduced to [A-Za-z0-9._-] (run names are trace content: quotes or slashes must not reach a header or a path). */
export function exportFileName(runName: string, format: ExportFormat): string {
  const safe = runName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 80) || 'run'
  return `rollscope-${safe}-${format}.${EXTENSION[format]}`
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw new BadRequestError(`${name} must be a string`)
  return value
}

/** Checks the request against the workspace (format, run, label) and says what to export; throws BadRequest / NotFound. */
export async function planAppExport(api: Pick<TraceApi, 'listRuns' | 'getTaxonomy' | 'listEpisodes' | 'getEpisodePreview'>, req: AppExportRequest): Promise<AppExportPlan> {
  if (typeof req.format !== 'string' || !EXPORT_FORMATS.includes(req.format as ExportFormat)) {
    throw new BadRequestError(`format must be one of ${EXPORT_FORMATS.join(', ')}`)
  }
  const format = req.format as ExportFormat
  if (typeof req.runId !== 'string' || req.runId === '') throw new BadRequestError('run (a run id) is required')
  const workspace = await api.listRuns()
  const run = workspace.find((r) => r.id === req.runId)
  if (!run) throw new NotFoundError(`no run with id ${req.runId}`)
  if (req.runIds !== undefined && (!Array.isArray(req.runIds) || req.runIds.length > 100 || req.runIds.some((id) => typeof id !== 'string'))) {
    throw new BadRequestError('runIds must be a list of run ids')
  }
  const also = [...new Set((req.runIds as string[] | undefined) ?? [])].filter((id) => id !== run.id)
  for (const id of also) if (!workspace.some((r) => r.id === id)) throw new NotFoundError(`no run with id ${id}`)
  const filter = optionalString(req.filter, 'filter')
  const label = optionalString(req.label, 'label')
  const dropLabelled = optionalString(req.dropLabelled, 'dropLabelled')
  const passedOnly = req.passedOnly === true || req.passedOnly === '1'
  if (req.passedOnly !== undefined && req.passedOnly !== null && !passedOnly && req.passedOnly !== false && req.passedOnly !== '0' && req.passedOnly !== '') {
    throw new BadRequestError('passedOnly must be true or false')
  }
  if ((passedOnly || dropLabelled !== undefined) && format !== 'sft') throw new BadRequestError('passed only and leaving out labelled turns apply to the sft format')
  // An unknown label is a typo, not an empty selection (as in `rollscope export --label`).
  const taxonomy = label !== undefined || dropLabelled !== undefined ? (await api.getTaxonomy()).map((d) => d.name.toLowerCase()) : []
  for (const l of [label, dropLabelled]) if (l !== undefined && !taxonomy.includes(l.toLowerCase())) throw new BadRequestError(`unknown label "${l}"`)
  const episodeIds = await pickedEpisodes(api, req.episodeIds, [run.id, ...also])
  if (episodeIds && format === 'preference') throw new BadRequestError('preference pairs are made from whole runs: clear the selection to export the view')
  return {
    options: {
      format,
      runIds: [run.id, ...also],
      // picked rows are exported as they are: the filter and label that showed them do not narrow them again
      ...(episodeIds ? { episodeIds, labels: [] } : { filter, labels: label === undefined ? [] : [label] }),
      passedOnly,
      dropLabelled
    },
    fileName: exportFileName(also.length ? `${run.name}-and-${also.length}-more` : run.name, format),
    contentType: CONTENT_TYPE[format]
  }
}

/**
 * The picked rows, checked: a list of at most MAX_EXPORT_EPISODE_IDS ids, each an episode of one of the table's runs
 * (an id from elsewhere is a stale or forged request, refused rather than exported). Undefined when none were sent.
 */
async function pickedEpisodes(api: Pick<TraceApi, 'listEpisodes' | 'getEpisodePreview'>, value: unknown, runIds: string[]): Promise<string[] | undefined> {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || id === '')) throw new BadRequestError('episodeIds must be a list of episode ids')
  const ids = [...new Set(value as string[])]
  if (ids.length === 0) return undefined
  if (ids.length > MAX_EXPORT_EPISODE_IDS) {
    throw new BadRequestError(`at most ${MAX_EXPORT_EPISODE_IDS} picked episodes per export (${ids.length} sent): export the filtered view instead`)
  }
  for await (const [id, found] of episodesByIds(api, runIds, ids)) {
    if (found) continue
    // the error path only: an id of no episode at all throws the reader's NotFoundError ("no episode with id …")
    await api.getEpisodePreview(id)
    throw new BadRequestError(`episode ${id} is not in the exported run(s)`)
  }
  return ids
}
