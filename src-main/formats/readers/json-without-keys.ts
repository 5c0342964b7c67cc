/**
 * Parsing a JSONL record without some of its top-level values: a trainer's dump line carries per-token arrays
 * (NeMo-RL's `token_ids`, logprobs, masks, advantages) that can be tens of MB of numbers nobody reads in a list.
 * The line's text is scanned once (strings and brackets honoured) and the values of the named keys are cut out
 * before JSON.parse, so they never become objects; each is replaced by a short note of its size, so the raw view
 * still shows the key was there. A line that is not a well-formed object is left to parseJsonLine, whose error
 * names the problem.
 */
import { parseJsonLine, type ParseNotes } from './tolerant-json'

const QUOTE = 34
const BACKSLASH = 92

/** Index just past the string that starts at `i` (a quote), or -1 when it never ends. */
function endOfString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j)
    if (c === BACKSLASH) j++
    else if (c === QUOTE) return j + 1
  }
  return -1
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** Index just past the JSON value that starts at `i`, or -1 when it is cut off. */
function endOfValue(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c === QUOTE) return endOfString(text, i)
  if (c === 123 || c === 91) {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j)
      if (d === QUOTE) {
        j = endOfString(text, j) - 1
        if (j < 0) return -1
      } else if (d === 123 || d === 91) depth++
      else if (d === 125 || d === 93) {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return -1
  }
  // a number, true, false, null, NaN: up to the next separator
  let j = i
  while (j < text.length) {
    const d = text.charCodeAt(j)
    if (d === 44 || d === 125 || d === 93 || isSpace(d)) break
    j++
  }
  return j > i ? j : -1
}

/**
 * The top-level object of `text` with the values of `skip` replaced by `"[not read: N bytes]"`. Throws what
 * parseJsonLine throws for a line that is not JSON.
 */
export function parseJsonWithoutKeys(text: string, skip: ReadonlySet<string>, notes?: ParseNotes): unknown {
  const cut = cutValues(text, skip)
  return parseJsonLine(cut ?? text, notes)
}

/** The text with the skipped values replaced, or null when the line is not an object this scan can follow. */
function cutValues(text: string, skip: ReadonlySet<string>): string | null {
  let i = skipSpace(text, 0)
  if (text.charCodeAt(i) !== 123) return null
  i = skipSpace(text, i + 1)
  const parts: string[] = []
  let kept = 0 // text before `kept` is already in parts
  let cutAny = false
  while (i < text.length && text.charCodeAt(i) !== 125) {
    if (text.charCodeAt(i) !== QUOTE) return null
    const keyEnd = endOfString(text, i)
    if (keyEnd < 0) return null
    const key = skip.size ? (JSON.parse(text.slice(i, keyEnd)) as string) : ''
    i = skipSpace(text, keyEnd)
    if (text.charCodeAt(i) !== 58) return null
    const valueStart = skipSpace(text, i + 1)
    const valueEnd = endOfValue(text, valueStart)
    if (valueEnd < 0) return null
    if (skip.has(key)) {
      parts.push(text.slice(kept, valueStart), JSON.stringify(`[not read: ${valueEnd - valueStart} bytes]`))
      kept = valueEnd
      cutAny = true
    }
    i = skipSpace(text, valueEnd)
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1)
  }
  if (!cutAny) return null
  parts.push(text.slice(kept))
  return parts.join('')
}
