import { createHash } from 'node:crypto'
import { contentText } from './content-text'
import { normalizeRole } from './messages'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * FORMATS.md §7 prompt hash: the task-defining messages (system + user before the first assistant
 * turn) as role + text with trailing whitespace stripped, canonical JSON, SHA-256 hex.
 * Only these messages are serialized, never the whole record (it runs for every line of big files).
 */
export function promptHash(taskMessages: unknown[] | string): string {
  const canonical =
    typeof taskMessages === 'string'
      ? JSON.stringify([['user', taskMessages.trimEnd()]])
      : JSON.stringify(
          taskMessages.map((m) => (isObj(m) ? [normalizeRole(m.role), contentText(m.content).trimEnd()] : ['user', String(m).trimEnd()]))
        )
  return createHash('sha256').update(canonical).digest('hex')
}

/** The expected answer as text (strings as is, other JSON values serialized), or null. */
export function answerText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  return typeof v === 'string' ? v : JSON.stringify(v)
}
