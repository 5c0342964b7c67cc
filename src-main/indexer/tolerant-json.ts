/**
 * JSON parsing for trace files written by Python's json.dumps, which emits bare NaN / Infinity
 * for non-finite floats (FORMATS.md, cross-cutting gotchas). Those become null; anything else
 * that is not JSON is a SyntaxError with JSON.parse's own message.
 */
export function parseJsonLine(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    if (!/NaN|Infinity/.test(text)) throw err
    const fixed = replaceNonFinite(text)
    if (fixed === text) throw err
    return JSON.parse(fixed)
  }
}

/** Replaces bare NaN, Infinity and -Infinity tokens outside strings with null. */
function replaceNonFinite(text: string): string {
  let out = ''
  let last = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped char
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) {
      inString = true
      continue
    }
    for (const token of ['-Infinity', 'Infinity', 'NaN']) {
      if (text.startsWith(token, i)) {
        out += text.slice(last, i) + 'null'
        i += token.length - 1
        last = i + 1
        break
      }
    }
  }
  return out + text.slice(last)
}

/** Decodes a string that holds a JSON object or array (tool calls, hosted-export fields); keeps it raw otherwise. */
export function decodeMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const s = v.trimStart()
  if (!s.startsWith('{') && !s.startsWith('[')) return v
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}
