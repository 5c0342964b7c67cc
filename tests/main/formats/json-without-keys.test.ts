/** readers/json-without-keys.ts: values of named top-level keys are cut out of the text before JSON.parse. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseJsonWithoutKeys } from '../../../src-main/formats/readers/json-without-keys'
import { parseJsonLine } from '../../../src-main/formats/readers/tolerant-json'

const SKIP = new Set(['token_ids', 'logprobs'])

describe('parseJsonWithoutKeys', () => {
  it('replaces the named values by a note of their size and keeps every other value as JSON.parse reads it', () => {
    const text =
      '{"content": [["a \\"}]\\" b", "{["]], "token_ids": [[1, 2, 3]], "x": {"token_ids": [9]}, "logprobs": [[-0.5, NaN]], "idx": 3}'
    expect(parseJsonWithoutKeys(text, SKIP)).toEqual({
      content: [['a "}]" b', '{[']],
      token_ids: '[not read: 11 bytes]',
      x: { token_ids: [9] },
      logprobs: '[not read: 13 bytes]',
      idx: 3
    })
  })

  it('a line without the keys, or a document that is not an object, reads as parseJsonLine reads it', () => {
    expect(parseJsonWithoutKeys('{"a": NaN}', SKIP)).toEqual({ a: null })
    expect(parseJsonWithoutKeys('[1, {"token_ids": 2}]', SKIP)).toEqual([1, { token_ids: 2 }])
  })

  it('a broken line fails with the error parseJsonLine gives', () => {
    const broken = '{"token_ids": [1, 2, "idx": 3'
    expect(() => parseJsonWithoutKeys(broken, SKIP)).toThrow(SyntaxError)
    expect(() => parseJsonWithoutKeys('{"token_ids" 1}', SKIP)).toThrow(SyntaxError)
  })

  it('on any JSON object: the other keys are what JSON.parse gives, the skipped ones are notes', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('token_ids', 'logprobs', 'a', 'b', 'c\\"}'), fc.jsonValue()), (o) => {
        const text = JSON.stringify(o)
        const got = parseJsonWithoutKeys(text, SKIP) as Record<string, unknown>
        const want = parseJsonLine(text) as Record<string, unknown>
        expect(Object.keys(got)).toEqual(Object.keys(want))
        for (const k of Object.keys(want))
          if (SKIP.has(k)) expect(got[k]).toMatch(/^\[not read: \d+ bytes\]$/)
          else expect(got[k]).toEqual(want[k])
      }),
      { numRuns: 300 }
    )
  })
})
