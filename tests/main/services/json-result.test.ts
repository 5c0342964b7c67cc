import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { Result } from '@contract/api'
import { toJsonResult } from '../../../src-main/services/json-result'

const answers: [string, Result<unknown>][] = [
  ['a small answer (Node would pool its bytes)', { ok: true, value: ['r1'] }],
  [
    'a page-sized answer',
    { ok: true, value: Array.from({ length: 2000 }, (_, i) => ({ id: `e${i}`, text: 'x'.repeat(60) })) }
  ],
  ['text beyond ASCII', { ok: true, value: { preview: 'naïve — 漢字 🙂 \u2028 "quoted"' } }],
  ['a refusal', { ok: false, error: { code: 'not-found', message: 'no episode e9' } }]
]

describe('a Result as JSON bytes to hand over to another thread', () => {
  it.each(answers)('%s: the same JSON, UTF-8, with its error code', (_name, result) => {
    const { bytes, code } = toJsonResult(result)
    expect(JSON.parse(Buffer.from(bytes).toString('utf8'))).toEqual(result)
    expect(code).toBe(result.ok ? null : result.error.code)
  })

  it.each(answers)('%s: in a buffer of its own, moved (not copied) by postMessage', async (_name, result) => {
    const { bytes } = toJsonResult(result)
    expect(bytes.byteOffset).toBe(0)
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength)
    const { port1, port2 } = new MessageChannel()
    const arrived = new Promise<Uint8Array>((done) => port2.once('message', done))
    port1.postMessage(bytes, [bytes.buffer as ArrayBuffer])
    const got = await arrived
    port1.close()
    expect(bytes.byteLength).toBe(0) // detached here: it moved
    expect(JSON.parse(Buffer.from(got).toString('utf8'))).toEqual(result)
  })
})
