/**
 * jsonTextOf (formats/readers/json-ascii-text.ts): parsing its text gives what parsing the plain UTF-8 decoding
 * gives, for any JSON value, any bytes inside strings (bad UTF-8 too), and fails where that fails.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  jsonTextOf,
  RUN_DECODE_MAX_BYTES,
  RUN_DECODE_MAX_RUNS
} from '../../../src-main/formats/readers/json-ascii-text'

/** The parse of a text: its value, or that it threw a SyntaxError. */
function parsed(text: string): unknown {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (err) {
    return { error: err instanceof SyntaxError }
  }
}

/** How many runs of non-ASCII bytes a text has. */
function nonAsciiRuns(bytes: Buffer): number {
  let runs = 0
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80 && (i === 0 || bytes[i - 1] < 0x80)) runs++
  return runs
}

describe('jsonTextOf', () => {
  it('parses to the same value as the plain decoding, for any JSON with any characters', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4, stringUnit: 'grapheme' }),
        fc.string({ unit: 'binary' }),
        (value, extra) => {
          const bytes = Buffer.from(JSON.stringify({ value, extra }))
          const text = jsonTextOf(bytes)
          expect(JSON.parse(text)).toEqual(JSON.parse(bytes.toString('utf8')))
          // what it hands JSON.parse is ASCII, unless the record has too many runs to escape (then plain)
          if (nonAsciiRuns(bytes) <= RUN_DECODE_MAX_RUNS) expect(/^[\x00-\x7f]*$/.test(text)).toBe(true)
          else expect(text).toBe(bytes.toString('utf8'))
        }
      )
    )
  })

  it('gives bad UTF-8 inside strings the characters the plain decoding gives (U+FFFD)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 6 }),
        fc.string(),
        (high, ascii) => {
          const clean = ascii.replace(/["\\]/g, '')
          const bytes = Buffer.concat([Buffer.from(`{"a":"${clean}`), Buffer.from(high), Buffer.from(`x"}`)])
          expect(parsed(jsonTextOf(bytes))).toEqual(parsed(bytes.toString('utf8')))
        }
      )
    )
  })

  it('fails where the plain text fails: a backslash before a non-ASCII byte, non-ASCII outside strings', () => {
    for (const text of ['{"a":"\\é"}', '{"a":"\\\\\\é"}', '{"a":1é}', 'é{"a":1}', '{"é":"ü'])
      expect(parsed(jsonTextOf(Buffer.from(text))), text).toEqual({ error: true })
    // an escaped backslash before one is fine
    expect(JSON.parse(jsonTextOf(Buffer.from('{"a":"\\\\é"}')))).toEqual({ a: '\\é' })
  })

  it('drops a byte order mark, as the parsers do', () => {
    expect(JSON.parse(jsonTextOf(Buffer.from('\ufeff{"a":"ü"}')))).toEqual({ a: 'ü' })
    expect(JSON.parse(jsonTextOf(Buffer.from('\ufeff{"a":1}')))).toEqual({ a: 1 })
  })

  it('keeps an ASCII text as it is, emoji as their surrogate pairs', () => {
    expect(jsonTextOf(Buffer.from('{"a":[1,2,"x"]}'))).toBe('{"a":[1,2,"x"]}')
    expect(JSON.parse(jsonTextOf(Buffer.from('{"a":"ok 👍 — done"}')))).toEqual({ a: 'ok 👍 — done' })
  })

  it('decodes a text in another script whole (one run a word), to the same value', () => {
    const words = (n: number): string => Array.from({ length: n }, (_, i) => (i % 2 ? 'Привет' : 'step')).join(' ')
    const few = Buffer.from(JSON.stringify({ text: words(RUN_DECODE_MAX_RUNS * 2) }))
    expect(nonAsciiRuns(few)).toBe(RUN_DECODE_MAX_RUNS)
    expect(jsonTextOf(few)).not.toBe(few.toString('utf8'))
    const many = Buffer.from(JSON.stringify({ text: words(RUN_DECODE_MAX_RUNS * 2 + 2) }))
    expect(jsonTextOf(many)).toBe(many.toString('utf8'))
    expect(JSON.parse(jsonTextOf(few))).toEqual(JSON.parse(few.toString('utf8')))
    // a byte order mark is still dropped
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), many])
    expect(JSON.parse(jsonTextOf(bom))).toEqual(JSON.parse(many.toString('utf8')))
  })

  it('decodes a record past the size limit whole, to the same value', () => {
    const value = { log: 'é — ok 👍\n'.repeat(RUN_DECODE_MAX_BYTES / 8), n: 1 }
    const bytes = Buffer.from(JSON.stringify(value))
    expect(bytes.length).toBeGreaterThan(RUN_DECODE_MAX_BYTES)
    const text = jsonTextOf(bytes)
    expect(text).toBe(bytes.toString('utf8'))
    expect(JSON.parse(text)).toEqual(value)
  })
})
