/**
 * A JSONL line parsed as the adapter that reads its file wants it: the values of its `skipKeys` are never parsed
 * (readers/json-without-keys.ts). The indexer and openEpisodeSource both parse records through here, so what a
 * summary saw while indexing is what the viewer gets back.
 */
import type { JsonlAdapter } from './types'
import { parseJsonLine, type ParseNotes } from './readers/tolerant-json'
import { parseJsonWithoutKeys } from './readers/json-without-keys'

const skipSets = new WeakMap<JsonlAdapter, ReadonlySet<string>>()

export function parseJsonlRecord(adapter: JsonlAdapter, text: string, notes?: ParseNotes): unknown {
  if (!adapter.skipKeys?.length) return parseJsonLine(text, notes)
  let skip = skipSets.get(adapter)
  if (!skip) skipSets.set(adapter, (skip = new Set(adapter.skipKeys)))
  return parseJsonWithoutKeys(text, skip, notes)
}
