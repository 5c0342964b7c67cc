import type { DocumentAdapter, JsonlAdapter } from './adapters/types'
import { DOCUMENT_ADAPTERS, JSONL_ADAPTERS } from './adapters/registry'

/** The adapter that indexed a run of `format`, to parse its episodes on demand. */
export const adapterForFormat = (format: string): JsonlAdapter | undefined => JSONL_ADAPTERS.find((a) => a.format === format)

/** The document adapter of `format`, for episodes stored with a locator. */
export const documentAdapterForFormat = (format: string): DocumentAdapter | undefined =>
  DOCUMENT_ADAPTERS.find((a) => a.format === format)
