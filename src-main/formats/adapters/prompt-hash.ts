import { createHash } from 'node:crypto'
import { isImagePart } from './content-text'
import { isObj, type Obj } from './record-fields'
import { normalizeRole } from './roles'

/**
 * FORMATS.md §7 prompt hash of task-defining messages: each system / user message as
 * `[role, text]` (content parts joined, images as a digest of their data so two pictures differ,
 * trailing whitespace stripped), serialized as compact JSON (arrays only, so canonical), SHA-256 hex.
 * A string prompt (completion envs) hashes as one user message.
 *
 * `roles: 'system-user'` (the recipe) drops assistant / tool messages; `'all'` keeps every message
 * (verifiers: the whole `prompt` is the task, few-shot assistant examples included, and cutting at
 * the first assistant turn would make every few-shot task hash the same).
 * Only these messages are serialized, never the whole record: it runs for every line of big files.
 */
export function promptHash(
  messages: readonly unknown[] | string,
  roles: 'system-user' | 'all' = 'system-user'
): string {
  const pairs: [string, string][] = []
  if (typeof messages === 'string') pairs.push(['user', messages.trimEnd()])
  else {
    for (const m of messages) {
      const msg: Obj = isObj(m) ? m : { role: 'user', content: m }
      const role = normalizeRole(msg.role)
      if (roles === 'system-user' && role !== 'system' && role !== 'user') continue
      pairs.push([role, hashText(msg.content).trimEnd()])
    }
  }
  return sha256(JSON.stringify(pairs))
}

/** Content as text for hashing: like the turn text, but each image is named by a digest of its data. */
function hashText(content: unknown): string {
  if (content === null || content === undefined) return ''
  if (typeof content === 'string') return content
  const parts = Array.isArray(content) ? content : [content]
  const out: string[] = []
  for (const part of parts) {
    if (typeof part === 'string') out.push(part)
    else if (isObj(part)) {
      if (typeof part.text === 'string') out.push(part.text)
      else if (isImagePart(part)) out.push(`[image ${sha256(imageSource(part)).slice(0, 16)}]`)
      else if (typeof part.content === 'string') out.push(part.content)
    }
  }
  return out.join('\n')
}

/** The data or URL that identifies an image part (OpenAI `image_url.url`, Responses `image_url`, Inspect `image`). */
function imageSource(part: Obj): string {
  const v = part.image_url ?? part.image ?? part.source ?? part.url
  if (typeof v === 'string') return v
  if (isObj(v)) {
    const inner = v.url ?? v.data
    if (typeof inner === 'string') return inner
  }
  return JSON.stringify(v ?? null)
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** The expected answer as text (strings as they are, other JSON values serialized), or null when absent/empty. */
export function answerText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  return typeof v === 'string' ? v : JSON.stringify(v)
}
