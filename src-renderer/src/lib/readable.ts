/**
 * Trace strings (task keys, previews, info values, paths, snippets) as a view shows them in one line or a tooltip:
 * terminal escapes dropped and bidi overrides written out (`<U+202E RLO>`), never obeyed (contract/terminal-text.ts). The
 * transcript and the expected answer draw controls and bidi characters boxed instead (lib/control-chars.ts).
 */
export { readableText as readable } from '@contract/terminal-text'
