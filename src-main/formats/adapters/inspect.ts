/**
 * Inspect AI logs (FORMATS.md §2): the `.eval` zip (header.json, or `_journal/start.json` while the
 * eval is still running; one `samples/<id>_epoch_<n>.json` member per sample and epoch) and the
 * `.json` log (the same EvalLog with `samples` inline). One run per log; one episode per sample and
 * epoch, the epoch being the rollout index.
 */
import { basename } from 'node:path'
import { RecordError, type DocumentAdapter, type DocumentRun, type EpisodeSummaryRecord } from '../types'
import { ZipArchive, ZipError } from '../readers/zip-reader'
import { inspectRunHeader, sampleBody, sampleSummary } from './inspect-sample'
import { answerText, promptHash } from './prompt-hash'
import { previewOf } from './preview'
import { idText, isObj, type Obj } from './record-fields'
import { defineFormat } from '../define-format'
import type { FormatContext } from '../context'
import { tallyActions } from '../actions/tally'
import { cutsOf, describeCuts } from '../readers/json-cuts'

const SAMPLE_MEMBER = /^samples\/(.+)_epoch_(\d+)\.json$/

/** A sample member read before, by file + member, with its crc/size (kept by the indexer between jobs: FormatContext.kept). */
interface SeenMember {
  sig: string
  /** Its actions already tallied: no transcript is kept. */
  summary: EpisodeSummaryRecord
  /** What was not read of it (a member too large to read whole), for the file's warnings. */
  cut: string | null
  /** Why it could not be read at all (corrupt, a lying size), for the file's warnings; null when it was read. */
  unreadable?: string | null
}

/** Members whose cuts are listed in the file's warnings; the rest are counted. */
const MAX_CUT_WARNINGS = 10

export const isInspectLog = (doc: unknown): doc is Obj =>
  isObj(doc) &&
  isObj(doc.eval) &&
  typeof doc.eval.task === 'string' &&
  typeof doc.status === 'string' &&
  ('plan' in doc || 'samples' in doc || 'results' in doc)

export const inspectAdapter = defineFormat<DocumentAdapter>({
  format: 'inspect',
  priority: 160,
  fileKinds: ['zip', 'json'],
  extensions: ['.eval', '.json'],
  companions: [],

  matches(doc) {
    if (doc instanceof ZipArchive) return doc.has('header.json') || doc.has('_journal/start.json')
    return isInspectLog(doc)
  },

  index(doc, path, ctx) {
    return doc instanceof ZipArchive ? indexArchive(doc, path, ctx) : indexJsonLog(doc, path)
  },

  parseEpisode(doc, locator) {
    if (doc instanceof ZipArchive) {
      if (!doc.has(locator)) throw new RecordError(`the log no longer has ${locator}`)
      const sample = doc.readJson(locator)
      if (!isObj(sample)) throw new RecordError(`${locator} is not a sample object`)
      const cuts = cutsOf(sample)
      return cuts.length ? { ...sampleBody(sample), cuts } : sampleBody(sample)
    }
    const sample = (isObj(doc) && Array.isArray(doc.samples) ? doc.samples : []).find(
      (s) => isObj(s) && jsonLocator(s) === locator
    )
    if (!isObj(sample)) throw new RecordError(`the log has no sample ${locator}`)
    return sampleBody(sample)
  }
})

/** The runs of an `.eval` archive. Members read by an earlier job with the same crc and sizes are not read again (a growing log). */
function indexArchive(zip: ZipArchive, path: string, ctx: FormatContext): DocumentRun[] {
  let log: unknown
  const headerMember = zip.has('header.json') ? 'header.json' : '_journal/start.json'
  try {
    log = zip.readJson(headerMember)
  } catch (err) {
    throw new RecordError(err instanceof ZipError ? err.message : String(err))
  }
  if (!isObj(log)) throw new RecordError('the log header is not a JSON object')
  const warnings: string[] = []
  const headerCuts = cutsOf(log)
  if (headerCuts.length) warnings.push(`${headerMember}: ${describeCuts(headerCuts)}`)
  const members = zip
    .names()
    .map((name) => ({ name, m: SAMPLE_MEMBER.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => compareIds(a.m[1], b.m[1]) || Number(a.m[2]) - Number(b.m[2]))
  let fallback: Map<string, Obj> | null = null
  const cutWarnings: string[] = []
  // a member that cannot be read is an episode in error, and the file says so (it was indexed with no warning)
  const unreadableWarnings: string[] = []
  const episodes = members.map(({ name, m }) => {
    const entry = zip.entries.get(name)!
    const key = `inspect:member:${path}\0${name}`
    const sig = `${entry.crc32}:${entry.compressedSize}:${entry.size}`
    const hit = ctx.kept.get(key) as SeenMember | undefined
    if (hit && hit.sig === sig) {
      if (hit.cut) cutWarnings.push(hit.cut)
      if (hit.unreadable) unreadableWarnings.push(hit.unreadable)
      return { summary: hit.summary, locator: name }
    }
    let summary: EpisodeSummaryRecord
    let cut: string | null = null
    let unreadable: string | null = null
    try {
      const sample = zip.readJson(name)
      if (!isObj(sample)) throw new ZipError(`${name} is not a sample object`)
      summary = sampleSummary(sample)
      const cuts = cutsOf(sample)
      if (cuts.length) cutWarnings.push((cut = `${name}: ${describeCuts(cuts)}`))
    } catch (err) {
      // a sample that cannot be read (over the member limit, corrupt) is listed from the log's summaries, marked as an error
      fallback ??= summaryIndex(zip)
      summary = unreadableSample(
        fallback.get(`${m[1]}#${m[2]}`) ?? { id: m[1], epoch: Number(m[2]) },
        (err as Error).message
      )
      unreadableWarnings.push(
        (unreadable = `${name} could not be read (${(err as Error).message}): its sample is listed as an error`)
      )
    }
    const kept: SeenMember = {
      sig,
      summary: { ...summary, actions: { kind: 'tallied', tally: tallyActions(summary.actions) } },
      cut,
      unreadable
    }
    ctx.kept.set(key, kept)
    return { summary: kept.summary, locator: name }
  })
  warnings.push(...unreadableWarnings.slice(0, MAX_CUT_WARNINGS))
  if (unreadableWarnings.length > MAX_CUT_WARNINGS)
    warnings.push(`… ${unreadableWarnings.length - MAX_CUT_WARNINGS} more samples that could not be read`)
  warnings.push(...cutWarnings.slice(0, MAX_CUT_WARNINGS))
  if (cutWarnings.length > MAX_CUT_WARNINGS)
    warnings.push(`… ${cutWarnings.length - MAX_CUT_WARNINGS} more samples too large to read whole`)
  return [{ runKey: '', header: inspectRunHeader(log, basename(path), headerMember), episodes, warnings }]
}

function indexJsonLog(doc: unknown, path: string): DocumentRun[] {
  if (!isInspectLog(doc)) throw new RecordError('not an Inspect log')
  const samples = (Array.isArray(doc.samples) ? doc.samples : []).filter(isObj)
  const episodes = samples.map((s) => ({ summary: sampleSummary(s), locator: jsonLocator(s) }))
  return [{ runKey: '', header: inspectRunHeader(doc, basename(path), basename(path)), episodes }]
}

const jsonLocator = (s: Obj): string => `${idText(s.id) ?? ''}#${idText(s.epoch) ?? '1'}`

/** Sample summaries written by Inspect (`summaries.json`, or the journal's batches while running), by id#epoch. */
function summaryIndex(zip: ZipArchive): Map<string, Obj> {
  const out = new Map<string, Obj>()
  const names = zip.has('summaries.json')
    ? ['summaries.json']
    : zip.names().filter((n) => n.startsWith('_journal/summaries/'))
  for (const name of names) {
    try {
      const list = zip.readJson(name)
      for (const s of Array.isArray(list) ? list : []) if (isObj(s)) out.set(jsonLocator(s), s)
    } catch {
      // a broken summaries member only loses the fallback
    }
  }
  return out
}

/** A row for a sample whose member could not be read: what the summary knows, status error with the reason. */
function unreadableSample(s: Obj, reason: string): EpisodeSummaryRecord {
  const input =
    typeof s.input === 'string' ? [{ role: 'user', content: s.input }] : Array.isArray(s.input) ? s.input : []
  const base = sampleSummary({ ...s, messages: input }, 0)
  return {
    ...base,
    promptHash: promptHash(input.length ? input : [{ role: 'user', content: idText(s.id) ?? '' }], 'all'),
    preview: previewOf(input),
    answer: answerText(s.target),
    status: 'error',
    error: reason
  }
}

/** Sample ids in natural order: numbers numerically, then strings. */
function compareIds(a: string, b: string): number {
  const na = Number(a)
  const nb = Number(b)
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb
  return a < b ? -1 : a > b ? 1 : 0
}
