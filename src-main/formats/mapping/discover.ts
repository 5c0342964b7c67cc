/**
 * Finding the mapping file that claims a data file: mapping files sit in the data file's folder or
 * an ancestor (at most MAX_LEVELS up) and claim files by the globs of their `files` key, relative
 * to their own folder. Folder listings and loaded mappings are memoized for the job (FormatContext), so the
 * lookup lists each folder once per job.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, relative, sep } from 'node:path'
import { matchesGlob } from './glob'
import { isMappingFileName } from './names'
import { validateMapping, type Mapping } from './schema'
import type { FormatContext } from '../context'

/** How many folders above a data file are searched for a mapping file. */
export const MAX_LEVELS = 6
/** Mapping files larger than this are refused (a mapping is a few lines). */
const MAX_MAPPING_BYTES = 1_000_000

export type LoadedMapping =
  { ok: true; mapping: Mapping } | { ok: false; file: string; error: string; globs: string[] | null }

/** Loads and validates one mapping file (once per job). */
export const loadMappingFile = (file: string, ctx: FormatContext): LoadedMapping =>
  ctx.memo(`mapping:file:${file}`, () => readMappingFile(file))

function readMappingFile(file: string): LoadedMapping {
  const name = basename(file)
  let st
  try {
    st = statSync(file)
  } catch (err) {
    return { ok: false, file, error: `${name}: ${(err as Error).message}`, globs: null }
  }
  if (st.size > MAX_MAPPING_BYTES)
    return {
      ok: false,
      file,
      error: `${name}: a ${(st.size / 1e6).toFixed(1)} MB mapping file is over the 1 MB limit`,
      globs: null
    }
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    return { ok: false, file, error: `${name}: ${(err as Error).message}`, globs: null }
  }
  const r = validateMapping(text, name)
  if (!r.ok) return { ok: false, file, error: r.error, globs: r.globs }
  const files = r.spec.files
  return {
    ok: true,
    mapping: { file, spec: r.spec, globs: typeof files === 'string' ? [files] : files, lines: r.lines }
  }
}

/** Mapping file names in a folder (listed once per job). */
function mappingFilesIn(dir: string, ctx: FormatContext): string[] {
  return ctx.memo(`mapping:dir:${dir}`, () => {
    try {
      return readdirSync(dir).filter(isMappingFileName).sort()
    } catch {
      return []
    }
  })
}

const globsOf = (l: LoadedMapping): string[] | null => (l.ok ? l.mapping.globs : l.globs)

/** Whether the mapping file claims `dataPath` by its globs. */
export function mappingClaims(
  mappingFile: string,
  dataPath: string,
  ctx: FormatContext,
  loaded: LoadedMapping = loadMappingFile(mappingFile, ctx)
): boolean {
  if (isMappingFileName(basename(dataPath))) return false
  const rel = relative(dirname(mappingFile), dataPath).split(sep).join('/')
  if (rel.startsWith('../') || rel === '..') return false
  return (globsOf(loaded) ?? []).some((g) => matchesGlob(rel, g))
}

/**
 * The mapping that claims a data file: the nearest folder first, mapping files of one folder in
 * name order. Null when none does (the file is detected by content as usual).
 */
export function mappingFor(dataPath: string, ctx: FormatContext): LoadedMapping | null {
  if (isMappingFileName(basename(dataPath))) return null
  let dir = dirname(dataPath)
  for (let level = 0; level <= MAX_LEVELS; level++) {
    for (const name of mappingFilesIn(dir, ctx)) {
      const file = dir + sep + name
      const loaded = loadMappingFile(file, ctx)
      if (mappingClaims(file, dataPath, ctx, loaded)) return loaded
    }
    const up = dirname(dir)
    if (up === dir) break
    dir = up
  }
  return null
}
