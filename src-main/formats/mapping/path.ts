/**
 * Paths of mapping files: dotted names with brackets, a tiny JSONPath subset.
 *   `reward`, `scores.accuracy`, `$.results[*]`, `steps[-1].reward`, `data["pass@1"]`, `scores.*`
 * A leading `$` / `$.` means "this object" and may be left out. `*` / `[*]` is every element of a
 * list or every value of an object (allowed only where the schema says so). A JSON string met on
 * the way is decoded when the path goes on into it (JSON-encoded fields are common).
 */
import { decodeMaybeJson } from '../readers/tolerant-json'

export type Segment = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' }

export class PathSyntaxError extends Error {}

/** Parses a path; throws PathSyntaxError naming the character where it went wrong (1-based). */
export function parsePath(text: string): Segment[] {
  const s = text.trim()
  if (!s) throw new PathSyntaxError('empty path')
  const segs: Segment[] = []
  let i = 0
  if (s[0] === '$') {
    i = 1
    if (s[1] === '.') i = 2
    if (i >= s.length) return segs
  }
  const at = (): string => `at character ${i + 1}`
  let needName = true // at the start or after a '.'
  while (i < s.length) {
    const c = s[i]
    if (c === '[') {
      const end = closingBracket(s, i)
      if (end < 0) throw new PathSyntaxError(`unclosed "[" ${at()}`)
      const inner = s.slice(i + 1, end).trim()
      if (inner === '*') segs.push({ kind: 'all' })
      else if (/^-?\d+$/.test(inner)) segs.push({ kind: 'index', index: Number(inner) })
      else if (/^(["']).*\1$/s.test(inner) && inner.length >= 2) segs.push({ kind: 'key', key: unquote(inner) })
      else throw new PathSyntaxError(`bad bracket "[${inner}]" ${at()} (use [0], [-1], [*] or ["a key"])`)
      i = end + 1
      needName = false
      if (i < s.length && s[i] !== '.' && s[i] !== '[') throw new PathSyntaxError(`expected "." or "[" ${at()}`)
      if (s[i] === '.') {
        i++
        needName = true
        if (i >= s.length) throw new PathSyntaxError('the path ends with "."')
      }
      continue
    }
    if (c === ']') throw new PathSyntaxError(`unexpected "]" ${at()}`)
    if (c === '.') throw new PathSyntaxError(`empty name ${at()}`)
    if (!needName) throw new PathSyntaxError(`expected "." or "[" ${at()}`)
    let j = i
    while (j < s.length && s[j] !== '.' && s[j] !== '[' && s[j] !== ']') j++
    const name = s.slice(i, j).trim()
    if (!name) throw new PathSyntaxError(`empty name ${at()}`)
    segs.push(name === '*' ? { kind: 'all' } : { kind: 'key', key: name })
    i = j
    needName = false
    if (s[i] === '.') {
      i++
      needName = true
      if (i >= s.length) throw new PathSyntaxError('the path ends with "."')
    }
  }
  return segs
}

function closingBracket(s: string, from: number): number {
  let quote: string | null = null
  for (let i = from + 1; i < s.length; i++) {
    const c = s[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === ']') return i
  }
  return -1
}

function unquote(q: string): string {
  const body = q.slice(1, -1)
  return body.replace(/\\(.)/g, '$1')
}

export const hasWildcard = (segs: readonly Segment[]): boolean => segs.some((s) => s.kind === 'all')

/** A segment as text, for locations: `.name`, `["odd key"]`, `[3]`. */
export function segmentText(seg: Segment, first = false): string {
  if (seg.kind === 'index') return `[${seg.index}]`
  if (seg.kind === 'all') return '[*]'
  return /^[A-Za-z_][\w-]*$/.test(seg.key) ? `${first ? '' : '.'}${seg.key}` : `[${JSON.stringify(seg.key)}]`
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** One step into a value; a JSON string is decoded first. undefined = nothing there. */
function step(value: unknown, seg: Exclude<Segment, { kind: 'all' }>): unknown {
  const v = typeof value === 'string' ? decodeMaybeJson(value) : value
  if (seg.kind === 'index') {
    if (!Array.isArray(v)) return undefined
    return v[seg.index < 0 ? v.length + seg.index : seg.index]
  }
  if (isObj(v)) return Object.prototype.hasOwnProperty.call(v, seg.key) ? v[seg.key] : undefined
  // a numeric key also indexes a list: `steps.0`
  if (Array.isArray(v) && /^\d+$/.test(seg.key)) return v[Number(seg.key)]
  return undefined
}

/** The value at a path without wildcards, or undefined. */
export function getAt(value: unknown, segs: readonly Segment[]): unknown {
  let v = value
  for (const seg of segs) {
    if (v === undefined || v === null) return undefined
    if (seg.kind === 'all') return undefined
    v = step(v, seg)
  }
  return v
}

/** Every value a path (with wildcards) reaches, with where each one is (`results[3]`) and the keys `*` went through. */
export function getAll(
  value: unknown,
  segs: readonly Segment[],
  limit = 5_000_000
): { value: unknown; where: string; keys: string[] }[] {
  const out: { value: unknown; where: string; keys: string[] }[] = []
  const walk = (v: unknown, i: number, where: string, keys: string[]): void => {
    if (out.length >= limit || v === undefined) return
    if (i === segs.length) {
      out.push({ value: v, where, keys })
      return
    }
    const seg = segs[i]
    if (seg.kind !== 'all') {
      walk(v === null ? undefined : step(v, seg), i + 1, where + segmentText(seg, where === ''), keys)
      return
    }
    const d = typeof v === 'string' ? decodeMaybeJson(v) : v
    if (Array.isArray(d)) d.forEach((x, k) => walk(x, i + 1, `${where}[${k}]`, [...keys, String(k)]))
    else if (isObj(d))
      for (const k of Object.keys(d))
        walk(d[k], i + 1, where + segmentText({ kind: 'key', key: k }, where === ''), [...keys, k])
  }
  walk(value, 0, '', [])
  return out
}

/** The last key name of a path (a metric's name), or the path text when it has none. */
export function lastName(segs: readonly Segment[], text: string): string {
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]
    if (s.kind === 'key') return s.key
  }
  return text
}
