import { BadRequestError } from '@contract/guards'

/** A character the FTS5 tokenizer (unicode61) keeps inside words. */
const WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u

/**
 * Translates what a user typed into an FTS5 query that cannot be a syntax error: every word is quoted (so
 * `AND`, `-`, `:`, `(` or a stray quote are just text), `"exact words"` stay one phrase, a trailing `*` makes a
 * word or phrase a prefix. All terms must match. Terms without a letter or digit are dropped (the tokenizer would
 * ignore them anyway); nothing left is a bad request.
 */
export function toFtsQuery(input: string): string {
  const terms: string[] = []
  const s = input.trim()
  let i = 0
  while (i < s.length) {
    const c = s[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    let text: string
    if (c === '"') {
      const close = s.indexOf('"', i + 1)
      const end = close < 0 ? s.length : close // an unclosed quote runs to the end
      text = s.slice(i + 1, end)
      i = close < 0 ? s.length : close + 1
    } else {
      let j = i
      while (j < s.length && !/\s/.test(s[j]) && s[j] !== '"') j++
      text = s.slice(i, j)
      i = j
    }
    let prefix = false
    if (s[i] === '*') {
      prefix = true // a phrase followed by *
      while (s[i] === '*') i++
    }
    const bare = text.replace(/\*+$/, '')
    if (bare !== text) prefix = true
    if (!WORD_CHAR.test(bare)) continue
    terms.push(`"${bare.replace(/"/g, '""')}"${prefix ? ' *' : ''}`)
  }
  if (terms.length === 0) throw new BadRequestError('search: the query has no words to look for (letters or digits)')
  return terms.join(' ')
}
