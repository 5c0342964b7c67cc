import { contentText } from './content-text'
import { normalizeRole } from './roles'
import { isObj } from './record-fields'

/** Length of an episode preview (first user message) in tables. */
export const PREVIEW_CHARS = 200

/** A one-line preview: whitespace collapsed, at most `max` characters (an ellipsis marks the cut). */
export function oneLine(text: string, max = PREVIEW_CHARS): string {
  // collapse only a prefix: prompts can be megabytes and only `max` characters survive; widen it
  // while whitespace runs eat the prefix
  let flat = ''
  for (let size = max * 2; ; size *= 8) {
    flat = (text.length > size ? text.slice(0, size) : text).replace(/\s+/g, ' ').trim()
    if (flat.length > max || size >= text.length) break
  }
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat
}

/** Preview of a task: the first user message (else the first message), or the prompt string itself. */
export function previewOf(prompt: unknown[] | string): string {
  if (typeof prompt === 'string') return oneLine(prompt)
  let fallback: unknown = undefined
  for (const m of prompt) {
    if (!isObj(m)) continue
    if (normalizeRole(m.role) === 'user') return oneLine(contentText(m.content))
    fallback ??= m.content
  }
  return fallback === undefined ? '' : oneLine(contentText(fallback))
}
