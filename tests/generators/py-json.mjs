/**
 * JSON as Python's `json.dumps` writes it, for fixtures built the way a Python producer writes its files: ", " and
 * ": " separators (or `indent=N` with "," and ": "), non-ASCII escaped as \uXXXX unless `ensure_ascii=False`, and
 * floats with their ".0" (JavaScript has one number type: the keys named in `floatKeys` hold Python floats, at any
 * depth of their value). Floats are printed by JavaScript's shortest round-trip form, Python's `repr` for the values
 * fixtures use (avoid magnitudes below 1e-4 or from 1e16, where the two choose exponents differently).
 */

/**
 * @param {unknown} value
 * @param {{ floatKeys?: Iterable<string>, indent?: number | null, ensureAscii?: boolean }} [opts]
 * @returns {string}
 */
export function pyDumps(value, opts = {}) {
  const floatKeys = new Set(opts.floatKeys ?? [])
  const indent = opts.indent ?? null
  const ensureAscii = opts.ensureAscii ?? true
  const str = (s) => {
    const json = JSON.stringify(s)
    return ensureAscii
      ? json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : json
  }
  const write = (v, isFloat, depth) => {
    if (typeof v === 'number') return isFloat && Number.isInteger(v) ? v.toFixed(1) : String(v)
    if (typeof v === 'string') return str(v)
    if (v === null || typeof v === 'boolean') return String(v)
    const pad = indent === null ? '' : '\n' + ' '.repeat(indent * (depth + 1))
    const end = indent === null ? '' : '\n' + ' '.repeat(indent * depth)
    const sep = indent === null ? ', ' : ','
    if (Array.isArray(v)) {
      if (!v.length) return '[]'
      return `[${v.map((x) => pad + write(x, isFloat, depth + 1)).join(sep)}${end}]`
    }
    const entries = Object.entries(v).filter(([, x]) => x !== undefined)
    if (!entries.length) return '{}'
    return `{${entries.map(([k, x]) => `${pad}${str(k)}: ${write(x, isFloat || floatKeys.has(k), depth + 1)}`).join(sep)}${end}}`
  }
  return write(value, false, 0)
}
