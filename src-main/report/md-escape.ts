/**
 * Untrusted text (task keys, run names, category values come from trace files) placed in Markdown so that it reads
 * as the same text and never as markup, a link, raw HTML or a table cell break. Runtime-neutral.
 */

import { readableText } from '@contract/terminal-text'

/** Longest text shown for one value; task keys derived from a prompt can be long. */
const MAX_CHARS = 120

function clip(s: string, max = MAX_CHARS): string {
  // Newlines would end a table row or a list item; control characters have no business in a report. Terminal
  // colours go first (else `ESC[31m` would leave `[31m`), bidi overrides are written out (<U+202E RLO>), never obeyed.
  // eslint-disable-next-line no-control-regex
  const flat = readableText(s)
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat
}

/** A letter or digit: an `_` between two of them can neither open nor close emphasis (CommonMark's flanking rules). */
const WORD = /[\p{L}\p{N}]/u
/** What may follow a `<` for it to start nothing: raw HTML and autolinks need a letter, `/`, `!` or `?` right after it. */
const INERT_AFTER_LT = /[\s\d=]/

/**
 * Inline text, cut at `max` characters (prose such as a warning passes Infinity). Every character CommonMark or GFM
 * reads as inline markup is backslash-escaped: emphasis, code, brackets, raw HTML, entities, strikethrough, math, and
 * `|` so it cannot split a table cell. Left as they are, so the Markdown reads as written ("p < 0.001",
 * `class_reserved_word`): an `_` inside a word, a `<` before a space, digit or `=`, and `>`, which like `#`, `-`,
 * `+`, `=` only means something at the start of a line, where this text is never put; `(` and `!` only next to a
 * `[`, which is escaped. GFM autolinks (`http://`, `www.`, `a@b`) are broken up too, so a URL in a trace reads as text.
 */
export function mdText(s: string, max = MAX_CHARS): string {
  const raw = clip(s, max)
  const escaped = raw.replace(/[\\`*_[\]<|~&$]/g, (c: string, i: number) => {
    if (c === '_' && WORD.test(raw[i - 1] ?? '') && WORD.test(raw[i + 1] ?? '')) return c
    if (c === '<' && INERT_AFTER_LT.test(raw[i + 1] ?? '')) return c
    return '\\' + c
  })
  return escaped
    .replace(/:\/\//g, '\\:\\/\\/')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/@/g, '\\@')
}

/**
 * A code span (task keys read best in monospace): markup inside a code span is never interpreted, so only its
 * fence needs care: one backtick more than the longest run inside, padded when the text starts or ends with one.
 *
 * In a table cell `|` still splits the row unless a backslash escapes it, and GFM (cmark-gfm, micromark) reads
 * backslashes in pairs there before it looks at a `|`, then takes one backslash off each escaped pipe. A pipe
 * after an even run of backslashes (none included) is written with one more and reads back as it was; after an odd
 * run (`a\|<img …>`) no code span can hold it: the backslash pair leaves the pipe bare, the cell splits and the
 * rest of the span becomes markup, raw HTML included. Such a text is written as escaped plain text (mdText) instead.
 */
export function mdCode(s: string, inTable = false): string {
  let text = clip(s)
  if (inTable && text.includes('|')) {
    if (/(?:^|[^\\])(?:\\\\)*\\\|/.test(text)) return mdText(s)
    text = text.replace(/\|/g, '\\|')
  }
  if (text === '') return '` `'
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}
