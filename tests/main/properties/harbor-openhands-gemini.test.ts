/** Property-based robustness of the ATIF, Harbor traces, OpenHands and Gemini CLI adapters: random, mutated and truncated input. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { atifAdapter } from '../../../src-main/formats/adapters/atif'
import { harborTracesAdapter } from '../../../src-main/formats/adapters/harbor'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'
import { openhandsAdapter } from '../../../src-main/formats/adapters/openhands'
import { geminiCliAdapter } from '../../../src-main/formats/adapters/gemini-cli'
import { RecordError } from '../../../src-main/formats/types'
import { formatContext } from '../../../src-main/formats/context'

const G = (name: string): string => fixture(`harbor-atif/golden/terminus_2/hello-world-${name}`)
const doc = (name: string): { doc: unknown; path: string } => ({
  doc: JSON.parse(readFileSync(G(name), 'utf8')),
  path: G(name)
})

describe('adapter properties: Harbor / ATIF', () => {
  it('random and mutated trajectories never throw out of the ATIF adapter', () => {
    checkDocumentAdapterProperties(atifAdapter, [
      doc('context-summarization.trajectory.json'),
      doc('invalid-json.trajectory.json')
    ])
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

describe('adapter properties: OpenHands and Gemini CLI', () => {
  const own = (rel: string): { doc: unknown; path: string } => ({
    doc: JSON.parse(readFileSync(ownFixture(rel), 'utf8')),
    path: ownFixture(rel)
  })

  it('fields holding an object whose toString is not a function (valid JSON) are bad values, not crashes', () => {
    // found by the property below (seed -890041459): String() / Date.parse() of {"toString": ""} throws a TypeError
    const hostile = JSON.parse('{"toString": ""}') as unknown
    const events = own('openhands/fix-readme/trajectory.json').doc as Record<string, unknown>[]
    expect(() =>
      openhandsAdapter.index(
        events.map((e) => ({ ...e, timestamp: hostile })),
        '/x/t.json',
        formatContext()
      )
    ).not.toThrow()
    const session = own('gemini-cli/chats/session-2025-08-20T14-00-7f3c2a10.json').doc as Record<string, unknown>
    expect(() =>
      geminiCliAdapter.index({ ...session, startTime: hostile, lastUpdated: hostile }, '/x/s.json', formatContext())
    ).not.toThrow()
    // a session id that is no id makes it no session: the adapter's own RecordError, not a TypeError
    expect(() => geminiCliAdapter.index({ ...session, sessionId: hostile }, '/x/s.json', formatContext())).toThrow(
      RecordError
    )
  })

  it('random and mutated event streams and sessions never throw out of the adapters', () => {
    checkDocumentAdapterProperties(openhandsAdapter, [
      own('openhands/fix-readme/trajectory.json'),
      own('openhands/fix-readme/timeout.json')
    ])
    checkDocumentAdapterProperties(geminiCliAdapter, [own('gemini-cli/chats/session-2025-08-20T14-00-7f3c2a10.json')])
  })
})
