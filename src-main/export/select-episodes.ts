/**
 * The selection as a stream of episode summaries: page by page through listEpisodes (the table's own query, so a
 * filter means what it means in the app), never the whole selection at once.
 */
import type { EpisodeDetail, EpisodeQuery, EpisodeSummary, RunSummary } from '@contract/model'
import { NotFoundError } from '@contract/guards'
import type { ExportOptions, ExportResult, ExportSource } from './export-types'

const PAGE = 200
/** Named episodes looked up per query. */
const ID_CHUNK = 1000

/**
 * The filter expression the table would use for `filter`, its free text (the fields the table's search box matches)
 * and `labels` (episode labels, any of them): one expression, so every format and the preview select alike.
 */
export function selectionFilter(o: Pick<ExportOptions, 'filter' | 'labels' | 'text'>): string | undefined {
  const parts: string[] = []
  if (o.filter?.trim()) parts.push(`(${o.filter})`)
  // JSON string escaping is what the filter tokenizer reads back (\" and \\).
  const text = o.text?.trim()
  if (text) parts.push(`(${TEXT_FIELDS.map((f) => `${f} ~ ${JSON.stringify(text)}`).join(' or ')})`)
  if (o.labels?.length) parts.push(`label in [${o.labels.map((l) => JSON.stringify(l)).join(', ')}]`)
  return parts.length ? parts.join(' and ') : undefined
}

/** What the table's search box matches (EpisodeQuery.text in episode-query-sql.ts), as filter fields. */
const TEXT_FIELDS = ['taskKey', 'preview', 'answer']

/** The runs the export reads, in the order asked (every run when none is named). */
export async function selectedRuns(src: ExportSource, o: ExportOptions): Promise<RunSummary[]> {
  const runs = await src.listRuns()
  if (o.runIds.length === 0) return runs
  return o.runIds.map((id) => {
    const run = runs.find((r) => r.id === id)
    if (!run) throw new Error(`no run with id ${id}`)
    return run
  })
}

/**
 * The selected episodes of one run, or of several runs in one query (then a filter may name a metric of any of
 * them, as in the app's table over several runs), page by page, in `sort` order (runs in the order given).
 */
export async function* runEpisodes(
  src: ExportSource,
  runIds: string | readonly string[],
  o: ExportOptions,
  /** An order the format needs (preference pairs: by task); else the table's, else file order. */
  order?: EpisodeQuery['sort']
): AsyncGenerator<EpisodeSummary> {
  const [runId, ...also] = typeof runIds === 'string' ? [runIds] : runIds
  if (runId === undefined) return
  const filter = selectionFilter(o)
  const sort = order ?? o.sort ?? 'ordinal'
  const desc = order === undefined && o.sort !== undefined && o.desc === true
  for (let offset = 0; ; offset += PAGE) {
    const page = await src.listEpisodes({
      runId,
      ...(also.length ? { runIds: also } : {}),
      filter,
      sort,
      ...(desc ? { desc } : {}),
      offset,
      limit: PAGE
    })
    yield* page.items
    if (page.items.length < PAGE || offset + PAGE >= page.total) return
  }
}

/**
 * The summaries of `ids` among the episodes of `runIds`, ID_CHUNK ids per query (the table's own query by id: no
 * transcript is read), chunk by chunk in the order named; an id not there is `undefined`.
 */
export async function* episodesByIds(
  src: Pick<ExportSource, 'listEpisodes'>,
  runIds: readonly string[],
  ids: readonly string[]
): AsyncGenerator<[id: string, episode: EpisodeSummary | undefined]> {
  const [runId, ...also] = runIds
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK)
    const page =
      runId === undefined
        ? []
        : (await src.listEpisodes({ runId, ...(also.length ? { runIds: also } : {}), ids: chunk, limit: chunk.length }))
            .items
    const byId = new Map(page.map((e) => [e.id, e]))
    for (const id of chunk) yield [id, byId.get(id)]
  }
}

/** Why a named episode is not in the selection: it is in another run than those named, or in none. */
async function missingEpisode(src: ExportSource, runs: RunSummary[], id: string): Promise<string> {
  const others = (await src.listRuns()).map((r) => r.id).filter((r) => !runs.some((x) => x.id === r))
  for await (const [, e] of episodesByIds(src, others, [id]))
    if (e) return `episode ${id} is in run ${e.runId}, not in ${runs.map((r) => r.id).join(', ')}`
  return `no episode with id ${id}`
}

/** Every selected episode: the named ones (in the order named), else the runs' in turn. */
export async function* selectedEpisodes(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[]
): AsyncGenerator<EpisodeSummary> {
  if (o.episodeIds?.length) {
    for await (const [id, e] of episodesByIds(
      src,
      runs.map((r) => r.id),
      o.episodeIds
    )) {
      if (!e) throw new NotFoundError(await missingEpisode(src, runs, id))
      yield e
    }
    return
  }
  yield* runEpisodes(
    src,
    runs.map((r) => r.id),
    o
  )
}

/** Runs the filter once over the runs (one row) so a typo is a BadRequestError before the first byte is written. */
export async function checkFilter(
  src: Pick<ExportSource, 'listEpisodes'>,
  runIds: readonly string[],
  filter: string
): Promise<void> {
  const [runId, ...also] = runIds
  if (runId !== undefined) await src.listEpisodes({ runId, ...(also.length ? { runIds: also } : {}), filter, limit: 1 })
}

/** One transcript without the pretty-printed raw record and the related links (never exported). */
export async function readDetail(src: ExportSource, id: string): Promise<Omit<EpisodeDetail, 'raw' | 'related'>> {
  const { raw: _raw, related: _related, ...detail } = await src.getEpisode(id)
  return detail
}

/** Batches of up to 200 summaries (one listEpisodes page) for the table formats. */
export async function perPage(
  src: ExportSource,
  o: ExportOptions,
  runs: RunSummary[],
  each: (page: EpisodeSummary[]) => Promise<void>
): Promise<ExportResult> {
  let episodes = 0
  let page: EpisodeSummary[] = []
  for await (const e of selectedEpisodes(src, o, runs)) {
    page.push(e)
    if (page.length === 200) (await each(page), (episodes += page.length), (page = []))
  }
  if (page.length) (await each(page), (episodes += page.length))
  return { format: o.format, episodes, skipped: 0 }
}
