/** Bounded JSON (issue 17): the shape scan, the trimmer's cuts, and that what it keeps is the producer's own data. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { JsonTrimmer, trimJsonText, withinJsonLimits } from '../../../src-main/formats/readers/json-trim'
import { cutsOf, describeCuts, notReadBefore } from '../../../src-main/formats/readers/json-cuts'
import { parseJsonLine } from '../../../src-main/formats/readers/tolerant-json'
import { DEPTH_NOTE, MAX_JSON_DEPTH } from '../../../src-main/formats/readers/json-limits'

const trim = (text: string, opts = {}): { value: unknown; cuts: unknown[] } => {
  const r = trimJsonText(text, opts)
  return { value: JSON.parse(r.text), cuts: r.cuts.map(({ at: _at, ...c }) => c) }
}

describe('withinJsonLimits', () => {
  it('counts objects, arrays and strings, list items apart, and depth, outside strings only', () => {
    expect(withinJsonLimits('{"a":["x","y"]}', 5)).toBe(true)
    expect(withinJsonLimits('{"a":["x","y"]}', 4)).toBe(false)
    // numbers are counted as items, not values: a trainer's token arrays are read whole
    expect(withinJsonLimits(`[${'1,'.repeat(50_000)}1]`, 10)).toBe(true)
    expect(withinJsonLimits(`[${'1,'.repeat(50_000)}1]`, 10, 64, 40_000)).toBe(false)
    expect(withinJsonLimits('[[[]]]', 100, 3)).toBe(true)
    expect(withinJsonLimits('[[[[]]]]', 100, 3)).toBe(false)
    // brackets, commas and escaped quotes inside strings do not count
    expect(withinJsonLimits('["[[[[,,,\\"[[[", "\\\\"]', 4, 2)).toBe(true)
  })
})

describe('JsonTrimmer', () => {
  it('keeps the first and last items of a long list and says how many it left out', () => {
    const { value, cuts } = trim(JSON.stringify({ m: [1, 2, 3, 4, 5, 6, 7], k: 'v' }), { headItems: 2, tailItems: 2 })
    expect(value).toEqual({ m: [1, 2, 6, 7], k: 'v' })
    expect(cuts).toEqual([{ kind: 'items', path: 'm', total: 7, head: 2, tail: 2 }])
  })

  it('replaces containers nested deeper than the limit by a note, with the path to them', () => {
    const { value, cuts } = trim('{"info":{"a":{"a":{"a":{"a":1}}}},"x":[[[[2]]]]}', { maxDepth: 3 })
    expect(value).toEqual({ info: { a: { a: DEPTH_NOTE } }, x: [[DEPTH_NOTE]] })
    expect(cuts).toEqual([
      { kind: 'depth', path: 'info.a.a', total: 3, head: 0, tail: 0 },
      { kind: 'depth', path: 'x[0][0]', total: 3, head: 0, tail: 0 }
    ])
  })

  it('keeps an object’s first members, and cuts lists inside kept tail items', () => {
    const { value, cuts } = trim('{"k1":1,"k2":{"z":[1,2,3,4,5]},"k3":3,"k4":4}', {
      members: 2,
      headItems: 1,
      tailItems: 1
    })
    expect(value).toEqual({ k1: 1, k2: { z: [1, 5] } })
    expect(cuts).toEqual([
      { kind: 'items', path: 'k2.z', total: 5, head: 1, tail: 1 },
      { kind: 'members', path: '', total: 4, head: 2, tail: 0 }
    ])
  })

  it('cuts a text past the byte budget at a clean point (no split escape or UTF-8 character)', () => {
    for (let room = 40; room < 70; room++) {
      const text = `{"s":"${'x'.repeat(30)}é\\u00e9\\n${'€'.repeat(10)}","n":NaN}`
      const r = trimJsonText(text, { maxBytes: room })
      const v = parseJsonLine(r.text) as { s: string; n: null }
      expect(v.s).toMatch(/^x{30}/)
      expect(v.s).toMatch(/… \[\d\.\d MB more not read\]$/)
      expect(r.cuts[0]).toMatchObject({ kind: 'text', path: 's' })
    }
  })

  it('reads the same from any chunking of its input', () => {
    const src = JSON.stringify({
      a: Array.from({ length: 60 }, (_, i) => ({ i, s: `q\\"\n${'é'.repeat(i % 7)}`, deep: [[[[i]]]] })),
      b: 'end'
    })
    const whole = trimJsonText(src, { headItems: 3, tailItems: 4, maxDepth: 4 })
    for (const size of [1, 2, 3, 7, 64]) {
      const t = new JsonTrimmer({ headItems: 3, tailItems: 4, maxDepth: 4 })
      const bytes = Buffer.from(src)
      for (let k = 0; k < bytes.length; k += size) t.push(bytes.subarray(k, k + size))
      expect(t.end().text).toBe(whole.text)
    }
    expect((JSON.parse(whole.text) as { a: { i: number }[] }).a.map((x) => x.i)).toEqual([0, 1, 2, 56, 57, 58, 59])
  })

  it('finds where each string ends whatever its escapes and wherever a chunk ends (property)', () => {
    const tricky = fc.stringMatching(/^[\\"a\n\u00e9]{0,12}$/)
    const value = fc.array(fc.record({ s: tricky, t: fc.array(tricky, { maxLength: 3 }) }), { maxLength: 6 })
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 9 }), (v, size) => {
        const text = JSON.stringify(v)
        const whole = trimJsonText(text)
        expect(JSON.parse(whole.text)).toEqual(v)
        const t = new JsonTrimmer({})
        const bytes = Buffer.from(text)
        for (let k = 0; k < bytes.length; k += size) t.push(bytes.subarray(k, k + size))
        expect(t.end().text).toBe(whole.text)
      }),
      { numRuns: 500 }
    )
  })

  it('leaves a value within the limits exactly as JSON.parse reads it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        const text = JSON.stringify(v)
        expect(JSON.parse(trimJsonText(text).text)).toEqual(JSON.parse(text))
      }),
      { numRuns: 300 }
    )
  })

  it('copies malformed input as far as it goes, so parsing the result fails as the input would', () => {
    for (const bad of ['{"a":[1,2', '{"a":"unterminated', '[1,2,}', '{"a" 1}']) {
      expect(() => JSON.parse(trimJsonText(bad).text)).toThrow()
    }
  })
})

describe('parseJsonLine within the limits', () => {
  it('reads a 10,000-deep value with a note at the depth limit, and registers the cut', () => {
    const text = `{"id":"x","info":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`
    const v = parseJsonLine(text) as { info: unknown }
    let node: unknown = v.info
    let depth = 1
    while (typeof node === 'object' && node !== null) {
      node = (node as { a: unknown }).a
      depth++
    }
    expect(node).toBe(DEPTH_NOTE)
    expect(depth).toBe(MAX_JSON_DEPTH)
    expect(cutsOf(v)).toEqual([
      expect.objectContaining({
        kind: 'depth',
        total: MAX_JSON_DEPTH,
        path: `info.a.a.a … ${MAX_JSON_DEPTH - 6} levels … a.a`
      })
    ])
    expect(describeCuts(cutsOf(v))).toMatch(
      /^nested too deeply to read whole: `info\.a\.a\.a … 58 levels … a\.a`: nested deeper than 64 levels/
    )
  })

  it('cuts a record of 1.2 M tiny messages to its first and last 1,000, marking the first one after the gap', () => {
    const msgs = '{"role":"user","content":"x"},'.repeat(1_200_000).slice(0, -1)
    const v = parseJsonLine(`{"id":"big","messages":[${msgs}]}`) as { messages: unknown[] }
    expect(v.messages).toHaveLength(2000)
    expect(cutsOf(v)).toEqual([{ kind: 'items', path: 'messages', total: 1_200_000, head: 1000, tail: 1000 }])
    expect(notReadBefore(v.messages[1000])).toBe(1_198_000)
    expect(notReadBefore(v.messages[999])).toBeUndefined()
    expect(describeCuts(cutsOf(v))).toBe(
      'too large to read whole: `messages`: 1,200,000 items, the first 1,000 and the last 1,000 read'
    )
  })
})
