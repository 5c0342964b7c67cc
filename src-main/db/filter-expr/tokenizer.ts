import { FilterError } from './errors'

/** One lexical unit; `pos` is its 0-based start column. */
export type Token =
  | { kind: 'num'; value: number; text: string; pos: number }
  | { kind: 'str'; value: string; text: string; pos: number }
  | { kind: 'ident' | 'kw' | 'op' | 'punct' | 'end'; value: string; text: string; pos: number }

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'contains', 'null', 'true', 'false'])
// Symbolic spellings normalized to one canonical value, longest first so `!=` wins over `!`.
const SYMBOLS: [string, 'kw' | 'op' | 'punct', string][] = [
  ['&&', 'kw', 'and'],
  ['||', 'kw', 'or'],
  ['==', 'op', '=='],
  ['!=', 'op', '!='],
  ['<>', 'op', '!='],
  ['<=', 'op', '<='],
  ['>=', 'op', '>='],
  ['=', 'op', '=='],
  ['<', 'op', '<'],
  ['>', 'op', '>'],
  ['~', 'op', '~'],
  ['!', 'kw', 'not'],
  ['(', 'punct', '('],
  [')', 'punct', ')'],
  ['[', 'punct', '['],
  [']', 'punct', ']'],
  [',', 'punct', ','],
  ['.', 'punct', '.']
]
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y
// Hyphens are allowed inside names (`exact-match`): there is no arithmetic, so `-` is never an operator.
const IDENT = /[A-Za-z_][\w-]*/y
// A key right after `.` may start with a digit (`info.0`) and is never a keyword (`info.in`).
const KEY = /[\w-]+/y
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' }

/** Splits an expression into tokens, always ending with an `end` token; throws FilterError on bad input. */
export function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  const match = (re: RegExp): string | null => {
    re.lastIndex = i
    return re.exec(src)?.[0] ?? null
  }
  while (i < src.length) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const prev = out[out.length - 1]
    const afterDot = prev?.kind === 'punct' && prev.value === '.'
    // `.5` is a number unless it follows a name (`info.a.5` is a path); `-1` is a number only when digits follow.
    const pathDot = c === '.' && (prev?.kind === 'ident' || prev?.kind === 'str')
    const num = afterDot || pathDot ? null : match(NUMBER)
    if (num) {
      const value = Number(num)
      if (/[\w.]/.test(src[i + num.length] ?? '') || !Number.isFinite(value)) {
        const bad = src.slice(i).match(/^[-\w.+]+/)![0]
        throw new FilterError(`Invalid number "${bad}"`, i)
      }
      out.push({ kind: 'num', value, text: num, pos: i })
      i += num.length
      continue
    }
    const word = match(afterDot ? KEY : IDENT)
    if (word) {
      const lower = word.toLowerCase()
      const kw = !afterDot && KEYWORDS.has(lower)
      out.push({ kind: kw ? 'kw' : 'ident', value: kw ? lower : word, text: word, pos: i })
      i += word.length
      continue
    }
    if (c === '"' || c === "'") {
      const start = i
      let value = ''
      for (i++; src[i] !== c; i++) {
        if (i >= src.length) throw new FilterError('Unclosed string starting', start)
        if (src[i] !== '\\') {
          value += src[i]
          continue
        }
        const e = src[++i]
        if (e === undefined) throw new FilterError('Unclosed string starting', start)
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 1, i + 5))) {
          value += String.fromCharCode(parseInt(src.slice(i + 1, i + 5), 16))
          i += 4
        } else value += ESCAPES[e] ?? e // unknown escapes keep the character: `\"`, `\\`, `\.`
      }
      i++
      out.push({ kind: 'str', value, text: src.slice(start, i), pos: start })
      continue
    }
    const sym = SYMBOLS.find(([s]) => src.startsWith(s, i))
    if (!sym) throw new FilterError(`Unexpected character "${c}"`, i)
    out.push({ kind: sym[1], value: sym[2], text: sym[0], pos: i })
    i += sym[0].length
  }
  out.push({ kind: 'end', value: '', text: '', pos: src.length })
  return out
}
