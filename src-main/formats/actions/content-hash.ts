/**
 * A checksum of what an episode's agent did (issue 17 item 2: a label whose episode's content changed is flagged,
 * not silently kept): the generated part of the transcript as the adapter hands it over (types.ts EpisodeActions),
 * every value of it with its keys, in order. The same record read again gives the same checksum; a rewritten file
 * whose episode at the same place holds another rollout gives another.
 *
 * What it leaves out on purpose: the prompt (the summary's prompt hash stands for it, db/episode-fingerprint.ts),
 * and for parsed turns the per-turn reward and done flag, which a trainer's log or a harness report may set after the
 * trajectory was written: a reward arriving later is no change of what the labelled episode did.
 *
 * Cost: it runs on every episode while listing, so it reads a bounded sample of each text (its length, its first
 * and last 48 characters), not every byte: two 32-bit FNV-1a style hashes in plain JavaScript. Hashing every byte
 * (zlib's crc32 over every leaf) took 30-50% of the records' JSON.parse time on the bench corpus; this takes a few
 * percent. Two rollouts of one task differ within the first or last words of their messages or in their lengths; an
 * edit that keeps every length and both ends of every text is not seen. Iterative (an explicit stack): a deeply
 * nested value cannot overflow the call stack.
 */
import type { Turn } from '@contract/model'
import type { EpisodeActions } from '../types'

/** Two 32-bit hashes and the number of values hashed; formatted by db/episode-fingerprint.ts. */
export interface ContentHash {
  readonly a: number
  readonly b: number
  readonly values: number
}

/** Characters read from each end of a text. */
const END = 48

class Hasher {
  a = 0x811c9dc5
  b = 0x01000193
  values = 0
  #char(c: number): void {
    this.a = Math.imul(this.a ^ c, 0x01000193)
    this.b = Math.imul(this.b ^ c, 0x5bd1e995) ^ (this.b >>> 15)
  }
  text(s: string): void {
    const n = s.length
    this.values++
    this.#char(n & 0xffff)
    this.#char(n >>> 16)
    if (n <= 2 * END) {
      for (let i = 0; i < n; i++) this.#char(s.charCodeAt(i))
    } else {
      for (let i = 0; i < END; i++) this.#char(s.charCodeAt(i))
      for (let i = n - END; i < n; i++) this.#char(s.charCodeAt(i))
    }
  }
  /** Every key and leaf of a JSON value, in order. */
  value(root: unknown): void {
    const stack: unknown[] = [root]
    while (stack.length) {
      const v = stack.pop()
      if (typeof v === 'string') this.text(v)
      else if (typeof v === 'number' || typeof v === 'boolean') this.text(String(v))
      else if (v === null || v === undefined) this.#char(0)
      else if (Array.isArray(v)) {
        this.#char(1)
        for (let i = v.length - 1; i >= 0; i--) stack.push(v[i])
      } else if (typeof v === 'object') {
        const keys = Object.keys(v)
        this.#char(2)
        // pushed in reverse: popped in the object's own order, each key before its value
        for (let i = keys.length - 1; i >= 0; i--) {
          stack.push((v as Record<string, unknown>)[keys[i]])
          stack.push(keys[i])
        }
      }
    }
  }
  turn(t: Turn): void {
    this.text(t.role)
    this.text(t.text)
    this.value(t.reasoning)
    this.value(t.toolCalls)
    this.value(t.toolCallId)
    this.value(t.toolName)
  }
}

/** The checksum of an episode's actions, or null when the files do not show them (a results-only episode). */
export function hashActions(actions: EpisodeActions): ContentHash | null {
  const h = new Hasher()
  switch (actions.kind) {
    case 'messages':
      if (typeof actions.messages === 'string') h.text(actions.messages)
      else h.value(actions.messages)
      break
    case 'turns':
      for (const t of actions.turns) if (!t.isPrompt) h.turn(t)
      break
    case 'not-recorded':
      return null
    case 'tallied':
      return actions.tally.content
  }
  return { a: h.a >>> 0, b: h.b >>> 0, values: h.values }
}
