/** Property-based robustness of the ATIF, Harbor result and traces adapters: random, mutated and truncated input. */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { atifAdapter } from '../../../src-main/indexer/adapters/atif'
import { harborTracesAdapter } from '../../../src-main/indexer/adapters/harbor'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture } from '../../helpers/fixtures-path'

const G = (name: string): string => fixture(`harbor-atif/golden/terminus_2/hello-world-${name}`)
const doc = (name: string): { doc: unknown; path: string } => ({ doc: JSON.parse(readFileSync(G(name), 'utf8')), path: G(name) })

describe('adapter properties: Harbor / ATIF', () => {
  it('random and mutated trajectories never throw out of the ATIF adapter', () => {
    checkDocumentAdapterProperties(atifAdapter, [doc('context-summarization.trajectory.json'), doc('invalid-json.trajectory.json')])
  })

  it('random and mutated traces exports never throw out of the traces adapter', () => {
    checkDocumentAdapterProperties(harborTracesAdapter, [doc('invalid-json.traces.json')])
  })

  it('truncated and corrupted trajectories always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(G('timeout.trajectory.json')), name: 'trajectory.json' },
      { bytes: readFileSync(G('invalid-json.traces.json')), name: 'x.traces.json' }
    ])
  }, 60_000)
})
