import type { JsonlAdapter } from './types'
import { chatJsonlAdapter } from './chat-jsonl'
import { verifiersAdapter } from './verifiers'

/** JSONL adapters in detection priority order: most specific shape first (a verifiers row may also look like chat). */
export const JSONL_ADAPTERS: JsonlAdapter[] = [verifiersAdapter, chatJsonlAdapter]

/** The adapter whose shape the first record of a file has, or undefined. */
export const pickJsonlAdapter = (firstRecord: Record<string, unknown>): JsonlAdapter | undefined =>
  JSONL_ADAPTERS.find((a) => a.matches(firstRecord))
