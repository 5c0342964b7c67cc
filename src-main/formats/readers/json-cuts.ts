/**
 * What a bounded parse left out (json-trim.ts), kept beside the parsed value rather than in it, so that no adapter
 * sees anything but the producer's own data: the cuts of a parsed record (by its root object), and, for a list cut
 * to its first and last items, the first item read after the cut (so the turn made from it can say how many
 * messages were not read before it).
 */
import type { ReadCut } from '@contract/model'

/** A cut as the trimmer records it: a ReadCut plus the way to the cut value in the parsed result. */
export interface JsonCut extends ReadCut {
  /** Keys and kept positions from the root to the cut value; null when it is not reachable (inside a cut list's tail). */
  at: (string | number)[] | null
}

/** Cuts beyond this many are counted, not listed (a value with thousands of over-deep branches). */
export const MAX_LISTED_CUTS = 20

const cutsOfRoot = new WeakMap<object, ReadCut[]>()
const gaps = new WeakMap<object, number>()

/** Records what the parse of `root` left out; the first item after each cut list is marked with what it skipped. */
export function registerCuts(root: unknown, cuts: JsonCut[]): void {
  if (typeof root !== 'object' || root === null || cuts.length === 0) return
  cutsOfRoot.set(
    root,
    cuts.map(({ at: _at, ...c }) => c)
  )
  for (const c of cuts) {
    if (c.kind !== 'items' || c.at === null || c.tail === 0) continue
    const list = follow(root, c.at)
    const first = Array.isArray(list) ? list[c.head] : undefined
    if (typeof first === 'object' && first !== null) gaps.set(first, c.total - c.head - c.tail)
  }
}

function follow(v: unknown, at: (string | number)[]): unknown {
  for (const k of at) {
    if (typeof v !== 'object' || v === null) return undefined
    v = (v as Record<string | number, unknown>)[k]
  }
  return v
}

/** The cuts of a value parsed from a file (its root object), or an empty list when it was read whole. */
export function cutsOf(root: unknown): ReadCut[] {
  return (typeof root === 'object' && root !== null && cutsOfRoot.get(root)) || []
}

/** For the first item read after a cut list's gap: how many items were not read before it. */
export function notReadBefore(item: unknown): number | undefined {
  return typeof item === 'object' && item !== null ? gaps.get(item) : undefined
}

const n = (x: number): string => x.toLocaleString('en-US')
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`

/** One cut in words: "`messages`: 5,100,000 items, the first 1,000 and the last 1,000 read". */
export function describeCut(c: ReadCut): string {
  const where = c.path === '' ? 'the record' : `\`${c.path}\``
  switch (c.kind) {
    case 'items':
      return `${where}: ${n(c.total)} items, the first ${n(c.head)}${c.tail ? ` and the last ${n(c.tail)}` : ''} read`
    case 'members':
      return `${where}: ${n(c.total)} fields, the first ${n(c.head)} read`
    case 'text':
      return `${where}: a ${mb(c.total)} text, its first ${mb(c.head)} read`
    case 'depth':
      return `${where}: nested deeper than ${n(c.total)} levels, replaced by a note`
  }
}

/** The cuts of one record in a sentence, for a file's warnings and the CLI. */
export function describeCuts(cuts: readonly ReadCut[], more = 0): string {
  const listed = cuts.slice(0, 3).map(describeCut)
  const rest = cuts.length - listed.length + more
  const tooDeep = cuts.every((c) => c.kind === 'depth')
  return (
    (tooDeep ? 'nested too deeply to read whole: ' : 'too large to read whole: ') +
    listed.join('; ') +
    (rest > 0 ? `; ${n(rest)} more cut${rest === 1 ? '' : 's'}` : '')
  )
}
