/**
 * Untrusted strings (task keys, run names, category values, warnings) placed in the HTML report: as text in
 * elements and attributes, and as JSON inside a <script> element that no key can close. Runtime-neutral.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/**
 * JSON to embed in `<script type="application/json">`: `<` (so `</script>` or `<!--` in a value cannot end or
 * change the element), `>` and `&` as \u escapes, and U+2028 / U+2029 too (line terminators in older JS parsers).
 * JSON.parse reads the escapes back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
