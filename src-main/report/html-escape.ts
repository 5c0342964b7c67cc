/**
 * Untrusted strings (task keys, run names, category values, warnings) placed in the HTML report: as text in
 * elements and attributes, and as JSON inside a <script> element that no key can close. Runtime-neutral.
 */

import { readableText } from '@contract/terminal-text'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text for an element's content or a quoted attribute value; terminal colours dropped and bidi overrides written
 * out (<U+202E RLO>) so a browser cannot reorder what the reader sees (contract/terminal-text.ts).
 */
export function escapeHtml(s: string): string {
  return readableText(s).replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/**
 * JSON to embed in `<script type="application/json">`: `<` (so `</script>` or `<!--` in a value cannot end or
 * change the element), `>` and `&` as \u escapes, and U+2028 / U+2029 too (line terminators in older JS parsers);
 * strings made readable first (terminal colours dropped, bidi overrides written out).
 * JSON.parse reads the escapes back as the same characters.
 */
export function scriptJson(value: unknown): string {
  // strings as the page shows them: the charts draw category names and task keys on a canvas, which obeys bidi
  const readable = (_key: string, v: unknown): unknown => (typeof v === 'string' ? readableText(v) : v)
  return JSON.stringify(value, readable).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
