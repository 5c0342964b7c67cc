/**
 * Mapping files in detection: `detectMapped` runs first in detectFormat. A mapping file itself
 * becomes a companion (valid) or an error with the precise message (invalid); a data file claimed
 * by a mapping is read as the mapping says (format 'mapped'), whatever its content looks like.
 */
import { readFileSync } from 'node:fs'
import { basename, extname } from 'node:path'
import type { Detection } from '../detect'
import { readJsonlRecords } from '../readers/jsonl-records'
import { parseJsonLine } from '../readers/tolerant-json'
import { RecordError, type DocumentAdapter, type DocumentRun } from '../types'
import { loadMappingFile, mappingClaims, mappingFor, type LoadedMapping } from './discover'
import type { FormatContext } from '../context'
import { evaluateMapping, mappedEpisodeBody, type MappedData } from './evaluate'
import { isMappingFileName } from './names'
import type { Mapping } from './schema'
import { defineFormat } from '../define-format'

/** Same limit as detect.ts MAX_JSON_DOCUMENT (not imported: detect.ts imports this module). */
const MAX_JSON_DOCUMENT = (Number(process.env.ROLLSCOPE_MAX_DOCUMENT_MB) || 64) * 1e6

/** Evaluations done at detection, reused by index() (same parsed document object). */
const evaluated = new WeakMap<object, { mapping: Mapping; runs: DocumentRun[] } | { mapping: Mapping; error: string }>()
/** Line numbers of a JSONL file's records, for messages. */
const recordLines = new WeakMap<object, number[]>()

/** json or jsonl, as the mapping says; `auto` goes by the extension (.jsonl / .ndjson / .jsonlines = JSONL). */
function kindFor(m: Mapping, path: string): 'json' | 'jsonl' {
  const f = m.spec.format ?? 'auto'
  if (f !== 'auto') return f
  return ['.jsonl', '.ndjson', '.jsonlines'].includes(extname(path).toLowerCase()) ? 'jsonl' : 'json'
}

/** The document (as the episode reader passes it back) seen as the mapping's data. */
function dataOf(m: Mapping, doc: unknown, path: string): MappedData {
  if (kindFor(m, path) === 'json') return { kind: 'json', doc }
  // a one-line JSONL file is re-read as one JSON value by the episode reader
  const records = Array.isArray(doc) ? doc : [doc]
  const lines = isObject(doc) ? recordLines.get(doc) : undefined
  return { kind: 'jsonl', records, ...(lines ? { lines } : {}) }
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null

function mappingOrThrow(path: string, ctx: FormatContext): Mapping {
  const loaded = mappingFor(path, ctx)
  if (!loaded) throw new RecordError('no mapping file claims this file any more; re-index it')
  if (!loaded.ok) throw new RecordError(brokenMessage(loaded))
  return loaded.mapping
}

const brokenMessage = (l: Extract<LoadedMapping, { ok: false }>): string =>
  `claimed by ${basename(l.file)}, which is invalid: ${l.error}`

/** Data files claimed by a mapping file. Never detected by content (matches nothing): only through `detectMapped`. */
export const mappedAdapter = defineFormat<DocumentAdapter>({
  format: 'mapped',
  // never chosen by content: a mapping file claims its files before detection
  priority: 0,
  fileKinds: ['json', 'jsonl-grouped'],
  extensions: ['.json', '.jsonl', '.ndjson'],
  companions: [
    {
      kind: 'claims',
      isCompanion: isMappingFileName,
      claims: (companion, trace, ctx) => mappingClaims(companion, trace, ctx)
    }
  ],
  matches: () => false,
  index(doc, path, ctx) {
    const mapping = mappingOrThrow(path, ctx)
    const hit = isObject(doc) ? evaluated.get(doc) : undefined
    if (hit && hit.mapping === mapping) {
      if ('error' in hit) throw new RecordError(hit.error)
      return hit.runs
    }
    return evaluateMapping(mapping, dataOf(mapping, doc, path), path).runs
  },
  parseEpisode(doc, locator, path, ctx) {
    const mapping = mappingOrThrow(path, ctx)
    return mappedEpisodeBody(mapping, dataOf(mapping, doc, path), path, locator)
  }
})

const failed = (message: string): Detection => ({ kind: 'failed', format: 'mapped', message })

/**
 * Detection hook (first thing detectFormat does): a mapping file, or a data file a mapping claims;
 * null for every other file (detected by content as usual).
 */
export function detectMapped(path: string, size: number, ctx: FormatContext): Detection | null {
  if (isMappingFileName(basename(path))) {
    // a mapping file itself: read with the files it claims when valid, its validation error otherwise
    const loaded = loadMappingFile(path, ctx)
    return loaded.ok ? { kind: 'companion', format: 'mapped', warnings: [] } : failed(loaded.error)
  }
  const loaded = mappingFor(path, ctx)
  if (!loaded) return null
  if (!loaded.ok) return failed(brokenMessage(loaded))
  const mapping = loaded.mapping
  const name = basename(path)
  if (size > MAX_JSON_DOCUMENT) {
    return failed(
      `a ${(size / 1e6).toFixed(0)} MB file is over the ${(MAX_JSON_DOCUMENT / 1e6).toFixed(0)} MB limit for mapped files`
    )
  }
  let doc: unknown
  let warnings: string[] = []
  try {
    if (kindFor(mapping, path) === 'json') {
      const text = readFileSync(path, 'utf8')
      try {
        doc = parseJsonLine(text)
      } catch (err) {
        return failed(
          `${name} is not valid JSON (${(err as Error).message}); if it has one JSON record per line, set \`format: jsonl\` in ${basename(mapping.file)}`
        )
      }
    } else {
      const r = readJsonlRecords(path)
      if (!r.records.length)
        return failed(`${name} has no JSON object lines${r.warnings[0] ? ` (${r.warnings[0]})` : ''}`)
      doc = r.records
      recordLines.set(r.records, r.lines)
      warnings = r.warnings
    }
  } catch (err) {
    return { kind: 'unreadable', message: (err as Error).message }
  }
  if (isObject(doc)) {
    try {
      const out = evaluateMapping(mapping, dataOf(mapping, doc, path), path)
      evaluated.set(doc, { mapping, runs: out.runs })
      warnings = [...warnings, ...out.warnings]
    } catch (err) {
      // never let a data problem (or a bug) escape detection: the file gets an error state
      const message =
        err instanceof RecordError
          ? err.message
          : `could not apply ${basename(mapping.file)}: ${(err as Error)?.message ?? String(err)}`
      evaluated.set(doc, { mapping, error: message })
    }
  }
  return { kind: 'document', adapter: mappedAdapter, doc, warnings }
}
