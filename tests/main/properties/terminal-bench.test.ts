/** Property-based robustness of the Terminal-Bench 1.x adapter (random, mutated and truncated input). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { terminalBenchAdapter } from '../../../src-main/formats/adapters/terminal-bench'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const RUN = ownFixture('terminal-bench/2025-06-20__14-02-11')
const json = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))

describe('adapter properties: terminal-bench', () => {
  it('random and mutated run results, trial results and run metadata never throw out of the adapter', () => {
    // real paths: mutated trial names and recording paths are resolved against the fixture run folder
    checkDocumentAdapterProperties(terminalBenchAdapter, [
      { doc: json(join(RUN, 'results.json')), path: join(RUN, 'results.json') },
      {
        doc: json(join(RUN, 'hello-world/hello-world.2-of-2.2025-06-20__14-02-11/results.json')),
        path: join(RUN, 'results.json')
      },
      { doc: json(join(RUN, 'run_metadata.json')), path: join(RUN, 'results.json') }
    ])
  })

  it('truncated and corrupted results files always get a status', async () => {
    await checkTruncatedFilesIndex([{ bytes: readFileSync(join(RUN, 'results.json')), name: 'results.json' }])
  }, 60_000)
})
