/**
 * Trace text as a reader sees it, defined once for the full-text index, the viewer, the CLI and the exports.
 * Runtime-neutral: no Node, DOM or React.
 *
 * - Terminal escape sequences (pane captures, coloured pytest logs, casts) are removed, so `\x1b[31mFAILED` is the
 *   word FAILED to search and to read, never `^[[31m` noise: CSI (colours, cursor moves), OSC (titles, hyperlinks;
 *   BEL or ST terminated) and the remaining two-byte escapes; a carriage return before a newline is dropped too.
 * - Bidirectional formatting characters (overrides, embeddings, isolates, marks) are made visible and never
 *   obeyed: U+202E can make `exe.txt` read as `txt.exe`, or reorder a shown command (Trojan Source). Each one is
 *   named by its Unicode abbreviation (RLO, LRI, PDI…): the viewer's transcript draws it boxed, like a control's
 *   caret, and plain text (tables, tooltips, snippets, the CLI, the Markdown, HTML and CSV exports) writes it as
 *   `<U+202E RLO>`, the form `less` uses plus the name: ASCII, so no font draws it as something else.
 */

// eslint-disable-next-line no-control-regex
const ANSI =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g

/**
 * The text without terminal escape sequences. The fast path (no ESC, no 8-bit CSI, no CR) returns the same string
 * after three memchr-like scans: the full-text pass calls this on every row it indexes.
 */
export function stripAnsi(text: string): string {
  if (!text.includes('\u001b') && !text.includes('\u009b') && !text.includes('\r')) return text
  return text.replace(ANSI, '').replace(/\r+\n/g, '\n')
}

/** True when the text holds terminal escape sequences (the turn says so, so a reader knows colours were dropped). */
export const hasAnsi = (text: string): boolean => /\u001b[[\]@-Z\\-_]|\u009b/.test(text)

/** Every bidirectional formatting character, with its Unicode abbreviation and name. */
const BIDI_NAMES: Record<string, [string, string]> = {
  '\u061c': ['ALM', 'Arabic letter mark'],
  '\u200e': ['LRM', 'Left-to-right mark'],
  '\u200f': ['RLM', 'Right-to-left mark'],
  '\u202a': ['LRE', 'Left-to-right embedding'],
  '\u202b': ['RLE', 'Right-to-left embedding'],
  '\u202c': ['PDF', 'Pop directional formatting'],
  '\u202d': ['LRO', 'Left-to-right override'],
  '\u202e': ['RLO', 'Right-to-left override'],
  '\u2066': ['LRI', 'Left-to-right isolate'],
  '\u2067': ['RLI', 'Right-to-left isolate'],
  '\u2068': ['FSI', 'First strong isolate'],
  '\u2069': ['PDI', 'Pop directional isolate']
}

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
export const BIDI_GLOBAL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export const hasBidi = (text: string): boolean => BIDI.test(text)

/** `RLO` for U+202E: what the viewer's box holds. */
export const bidiAbbrev = (c: string): string => BIDI_NAMES[c]?.[0] ?? '?'

const hexOf = (c: string): string => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')

/** What a tooltip says of one: `Right-to-left override (U+202E)`. */
export function bidiTitle(c: string): string {
  const hex = hexOf(c)
  return `${BIDI_NAMES[c]?.[1] ?? 'Bidirectional formatting'} (U+${hex}), shown rather than obeyed`
}

/** Plain text with each bidirectional formatting character written as `<U+202E RLO>`. */
export function showBidi(text: string): string {
  return hasBidi(text) ? text.replace(BIDI_GLOBAL, (c) => `<U+${hexOf(c)} ${bidiAbbrev(c)}>`) : text
}

/** Trace text for a plain-text reader (the CLI, a report, a CSV cell): escapes dropped, bidi characters shown. */
export const readableText = (text: string): string => showBidi(stripAnsi(text))
