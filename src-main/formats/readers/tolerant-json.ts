/**
 * JSON parsing for trace files written by Python's json.dumps, which emits bare NaN / Infinity
 * for non-finite floats (FORMATS.md, cross-cutting gotchas). Those become null, counted for the caller's warning
 * (a mean over them cannot be reproduced); a UTF-8 byte-order mark before the value (Windows tools, PowerShell's
 * Out-File) is skipped; anything else that is not JSON is a SyntaxError with JSON.parse's own message plus the
 * offending position, invisible characters in it named (`U+200B`) rather than printed.
 * Every value read from a file is kept within the parsed-size and depth limits of json-limits.ts: a text over
 * them is trimmed first (json-trim.ts), and what was left out is registered beside the value (json-cuts.ts).
 */
import { registerCuts } from './json-cuts'
import { trimJsonText, withinJsonLimits } from './json-trim'

/** What parsing noticed that the value no longer shows: bare NaN / Infinity tokens read as null. */
export interface ParseNotes {
  nonFinite: number
}

const BOM = 0xfeff

/**
 * JSON.parse that tolerates bare NaN / Infinity / -Infinity (→ null, counted in `notes`), names the error position,
 * and keeps the value within the parsed-size and depth limits (cutsOf(value) says what was left out).
 */
export function parseJsonLine(text: string, notes?: ParseNotes): unknown {
  if (text.charCodeAt(0) === BOM) text = text.slice(1)
  if (withinJsonLimits(text)) return parseTolerant(text, notes)
  const trimmed = trimJsonText(text)
  let value: unknown
  try {
    value = parseTolerant(trimmed.text, notes)
  } catch (err) {
    throw positionedError(err instanceof SyntaxError ? null : err, text) // where the file's own text goes wrong
  }
  registerCuts(value, trimmed.cuts)
  return value
}

/** A JSON text already within the limits (a trimmed one), parsed with the NaN tolerance and error positions. */
export function parseTolerant(text: string, notes?: ParseNotes): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    let failure: unknown = err
    if (text.includes('NaN') || text.includes('Infinity')) {
      const counted = { n: 0 }
      const fixed = replaceNonFinite(text, counted)
      if (fixed !== text) {
        try {
          const value = JSON.parse(fixed) as unknown
          if (notes) notes.nonFinite += counted.n
          return value
        } catch {
          // the first failure may just be the NaN token; the real problem is further on, and V8's
          // excerpt of the rewritten text would show `null` where the file has NaN: describe it ourselves
          failure = null
        }
      }
    }
    throw positionedError(failure, text)
  }
}

/** Replaces bare NaN, Infinity and -Infinity tokens outside strings with null, counting them. */
function replaceNonFinite(text: string, counted: { n: number }): string {
  let out = ''
  let last = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped char
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) {
      inString = true
      continue
    }
    // only N, I and - can start a token we replace: skip the startsWith checks otherwise
    if (c !== 78 && c !== 73 && c !== 45) continue
    for (const token of ['-Infinity', 'Infinity', 'NaN']) {
      if (text.startsWith(token, i)) {
        out += text.slice(last, i) + 'null'
        counted.n++
        i += token.length - 1
        last = i + 1
        break
      }
    }
  }
  return out + text.slice(last)
}

/**
 * A SyntaxError with JSON.parse's message (its short excerpt kept) and the position in the ORIGINAL
 * text: V8 omits the position for unexpected tokens, and after a NaN rewrite its offsets would be shifted.
 */
function positionedError(err: unknown, text: string): SyntaxError {
  const at = jsonErrorOffset(text)
  const own = at >= text.length ? 'Unexpected end of JSON input' : `Unexpected token '${text[at]}'`
  const message = visible(err instanceof Error ? err.message : own)
  const base = message.replace(/ (?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?/, '')
  if (at < 0) return new SyntaxError(base)
  const before = text.lastIndexOf('\n', at - 1)
  const where =
    before < 0 ? `at position ${at}` : `at position ${at} (line ${countLines(text, at)} column ${at - before})`
  return new SyntaxError(`${base} ${where}`)
}

function countLines(text: string, end: number): number {
  let n = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++
  return n
}

/**
 * Offset of the first syntax error in `text` as JSON (bare NaN / Infinity allowed), or -1 when it is
 * valid. Only runs after JSON.parse failed, so it favours being small over being fast.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length
  let i = 0
  const at = (k: number): number => text.charCodeAt(k)
  const skipWs = (): void => {
    for (let c = at(i); c === 32 || c === 9 || c === 10 || c === 13; c = at(i)) i++
  }
  /** Consumes as much of `w` as matches, so a failure points at the first wrong character (as V8 does). */
  const literal = (w: string): boolean => {
    let k = 0
    while (k < w.length && text[i] === w[k]) {
      i++
      k++
    }
    return k === w.length
  }
  const digits = (): boolean => {
    const start = i
    while (at(i) >= 48 && at(i) <= 57) i++
    return i > start
  }
  const string = (): boolean => {
    for (i++; i < n;) {
      const c = at(i)
      if (c === 34) {
        i++
        return true
      }
      if (c < 32) return false
      if (c !== 92) i++
      else if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6
      else if (text[i + 1] !== undefined && '"\\/bfnrt'.includes(text[i + 1])) i += 2
      else {
        i++ // point at the bad escape character
        return false
      }
    }
    return false
  }
  const number = (): boolean => {
    if (at(i) === 45) {
      i++
      if (text[i] === 'I') return literal('Infinity')
    }
    if (at(i) === 48) i++
    else if (!digits()) return false
    if (at(i) === 46) {
      i++
      if (!digits()) return false
    }
    if (at(i) === 101 || at(i) === 69) {
      i++
      if (at(i) === 43 || at(i) === 45) i++
      if (!digits()) return false
    }
    return true
  }
  /** An object or array body after its opening bracket: members separated by commas, then `close`. */
  const members = (close: number, member: () => boolean): boolean => {
    i++
    skipWs()
    if (at(i) !== close) {
      for (;;) {
        if (!member()) return false
        skipWs()
        if (at(i) === close) break
        if (at(i) !== 44) return false
        i++
      }
    }
    i++
    return true
  }
  const value = (): boolean => {
    skipWs()
    const c = at(i)
    if (c === 123) {
      return members(125, () => {
        skipWs()
        if (at(i) !== 34 || !string()) return false
        skipWs()
        if (at(i) !== 58) return false
        i++
        return value()
      })
    }
    if (c === 91) return members(93, value)
    if (c === 34) return string()
    if (c === 45 || (c >= 48 && c <= 57)) return number()
    const w = LITERALS[text[i]]
    return w !== undefined && literal(w)
  }
  try {
    if (!value()) return Math.min(i, n)
    skipWs()
    return i < n ? i : -1
  } catch {
    return -1 // nesting too deep for the stack: no position, the message still says what JSON.parse saw
  }
}

const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null', N: 'NaN', I: 'Infinity' }

/** Decodes a string that holds a JSON object or array (tool calls, hosted-export fields); keeps it raw otherwise. */
export function decodeMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const s = v.trimStart()
  if (!s.startsWith('{') && !s.startsWith('[')) return v
  try {
    return parseJsonLine(v)
  } catch {
    return v
  }
}

/** Format and control characters (a zero-width space, a stray BOM, a bidi override) named, so a reason reads. */
function visible(message: string): string {
  return message.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) =>
    c === '\n' || c === '\t' ? c : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  )
}
