/** Property-based robustness of the Inspect adapter: random and mutated logs, truncated and corrupted .eval / .json files. */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { inspectAdapter } from '../../../src-main/formats/adapters/inspect'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture } from '../../helpers/fixtures-path'

const json = (rel: string): { doc: unknown; path: string } => ({
  doc: JSON.parse(readFileSync(fixture(rel), 'utf8')),
  path: fixture(rel)
})

describe('adapter properties: Inspect', () => {
  it('random and mutated .json logs never throw out of the adapter', () => {
    checkDocumentAdapterProperties(inspectAdapter, [
      json('inspect-ai/log_formats.json'),
      json('inspect-ai/log_tool_call_error.json'),
      json('inspect-ai/log_images.json')
    ])
  })

  it('truncated and corrupted .eval and .json files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(fixture('inspect-ai/log_message_deduplication.eval')), name: 'dedup.eval' },
      { bytes: readFileSync(fixture('inspect-ai/log_formats.eval')), name: 'formats.eval' },
      { bytes: readFileSync(fixture('inspect-ai/log_formats.json')), name: 'formats.json' }
    ])
  }, 60_000)
})
