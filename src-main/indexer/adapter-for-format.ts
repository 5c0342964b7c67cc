import type { JsonlAdapter } from './adapters/types'
import { JSONL_ADAPTERS } from './adapters/registry'

/** The adapter that indexed a run of `format`, to parse its episodes on demand. */
export const adapterForFormat = (format: string): JsonlAdapter | undefined => JSONL_ADAPTERS.find((a) => a.format === format)
