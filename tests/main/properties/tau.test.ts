/** Property-based robustness of the tau-bench v1 and tau2-bench adapters (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { tauBenchAdapter } from '../../../src-main/formats/adapters/tau-bench'
import { tau2Adapter } from '../../../src-main/formats/adapters/tau2'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'

const TAU = fixture('tau-bench/gpt-4o-airline.first3tasks.json')
const TAU2_FILE = ownFixture('tau2/file-layout/claude-3-7-sonnet_airline_default_gpt-4.1_2trials.json')
const TAU2_SIM = ownFixture('tau2/dir-layout/simulations/1f2e3d4c-0000-4000-8000-00000000000a.json')
const TAU2_VOICE = ownFixture('tau2/dir-layout/simulations/1f2e3d4c-0000-4000-8000-00000000000b.json')
const json = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

describe('adapter properties: tau-bench and tau2', () => {
  it('tau-bench: random and mutated result arrays never throw out of the adapter', () => {
    // three elements keep the mutations cheap (the wiki system prompt is long)
    const doc = (json(TAU) as unknown[]).slice(0, 3)
    checkDocumentAdapterProperties(tauBenchAdapter, [{ doc, path: '/tmp/gpt-4o-airline.json' }])
  })

  it('tau2: random and mutated Results documents and simulation files never throw out of the adapter', () => {
    checkDocumentAdapterProperties(tau2Adapter, [
      { doc: json(TAU2_FILE), path: '/tmp/results.json' },
      { doc: json(TAU2_SIM), path: '/tmp/run/simulations/a.json' },
      { doc: json(TAU2_VOICE), path: '/tmp/run/simulations/b.json' }
    ])
  })

  it('truncated and corrupted tau files always get a status', async () => {
    await checkTruncatedFilesIndex([
      { bytes: readFileSync(TAU2_FILE), name: 'tau2-results.json' },
      { bytes: readFileSync(TAU2_SIM), name: 'sim.json' }
    ])
  }, 60_000)
})
