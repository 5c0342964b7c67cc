import { describe, expect, it } from 'vitest'
import { decodeMaybeJson, jsonErrorOffset, parseJsonLine } from '../../../src-main/formats/readers/tolerant-json'
import { ownFixture } from '../../helpers/fixtures-path'
import { readJsonl } from './read-rows'

describe('parseJsonLine', () => {
  it('parses plain JSON like JSON.parse', () => {
    expect(parseJsonLine('{"a": [1, 2.5, "x"], "b": null}')).toEqual({ a: [1, 2.5, 'x'], b: null })
  })

  it('turns bare NaN / Infinity / -Infinity outside strings into null, leaves strings alone', () => {
    expect(parseJsonLine('{"a": NaN, "b": -Infinity, "c": "NaN Infinity", "d": [Infinity, 1]}')).toEqual({
      a: null,
      b: null,
      c: 'NaN Infinity',
      d: [null, 1]
    })
    expect(parseJsonLine('{"s": "say \\"NaN\\" -Infinity", "v": NaN}')).toEqual({ s: 'say "NaN" -Infinity', v: null })
  })

  it('rethrows real syntax errors as SyntaxError with JSON.parse message and the position', () => {
    const err = (text: string): SyntaxError => {
      try {
        parseJsonLine(text)
      } catch (e) {
        return e as SyntaxError
      }
      throw new Error('parsed')
    }
    expect(err('{"a": ')).toBeInstanceOf(SyntaxError)
    expect(err('{"a": ').message).toBe('Unexpected end of JSON input at position 6')
    expect(err('{"a":1}}').message).toBe('Unexpected non-whitespace character after JSON at position 7')
    expect(err('{"a": x}').message).toBe(`Unexpected token 'x', "{"a": x}" is not valid JSON at position 6`)
    // a NaN before the real problem: the error is about the real problem, at its place in the original text
    expect(err('{"a": NaN, "b": nope}').message).toBe(`Unexpected token 'o' at position 17`)
    expect(err('{"a": NaN').message).toBe('Unexpected end of JSON input at position 9')
    // a multi-line document also gets line and column
    expect(err('{\n"a": 1,\n"b": ]\n}').message).toMatch(/at position 15 \(line 3 column 6\)$/)
    // the message stays short for a long line (JSON.parse quotes only a little context)
    expect(err(`{"p": "${'z'.repeat(100_000)}", "r": oops}`).message.length).toBeLessThan(120)
  })

  it('finds the offset of the first error the way V8 reports it', () => {
    for (const ok of [
      '{}',
      '[]',
      ' {"a":[1,2.5e-3,-0,true,false,null,"x\\u00e9\\n"]} ',
      '"s"',
      '0',
      '{"a": NaN, "b": [-Infinity]}'
    ]) {
      expect(jsonErrorOffset(ok), ok).toBe(-1)
    }
    const bad: [string, number][] = [
      ['{"a" 1}', 5],
      ['[1,]', 3],
      ['{"a":01}', 6],
      ['"ab', 3],
      ['{"a":"\\q"}', 7],
      ['{"a":tru}', 8],
      ['[1 2]', 3],
      ['', 0],
      ['{,}', 1],
      ['1.', 2]
    ]
    for (const [text, at] of bad) expect(jsonErrorOffset(text), text).toBe(at)
  })
})

describe('decodeMaybeJson', () => {
  it('decodes JSON held in strings only when it is an object or array, and keeps it raw on failure', () => {
    expect(decodeMaybeJson('{"x":1}')).toEqual({ x: 1 })
    expect(decodeMaybeJson(' [1, NaN]')).toEqual([1, null])
    expect(decodeMaybeJson('42')).toBe('42')
    expect(decodeMaybeJson('{broken')).toBe('{broken')
    expect(decodeMaybeJson({ a: 1 })).toEqual({ a: 1 })
    expect(decodeMaybeJson(null)).toBeNull()
  })
})

describe('the project fixtures', () => {
  it('reads a 2026 verifiers row with NaN / -Infinity metrics (code-env row 5)', () => {
    const { rows, errors } = readJsonl(
      ownFixture('verifiers/evals/code-env--openai--gpt-5.4-nano/3f2a9c1e/results.jsonl')
    )
    expect(errors).toEqual([])
    expect(rows).toHaveLength(5)
    expect(rows[4]).toMatchObject({
      example_id: 3,
      judge_score: null,
      metrics: { judge_score: null, correctness: 1, latency: null }
    })
  })

  it('reports the partial last line of a resumed run (gsm8k line 4) and keeps the complete lines', () => {
    const { rows, errors } = readJsonl(
      ownFixture('verifiers/evals/gsm8k--meta-llama--llama-3.1-8b/0badc0de/results.jsonl')
    )
    expect(rows.map((r) => r.example_id)).toEqual([0, 1, 0])
    expect(errors).toHaveLength(1)
    expect(errors[0].line).toBe(4)
    // the line is 161 characters long and ends inside a string
    expect(errors[0].message).toBe('Unterminated string at position 161')
  })
})
