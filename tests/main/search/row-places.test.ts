/**
 * A full-text row's place in its record (row-places.ts): wherever one is found, the bytes there decode to the row's
 * text exactly, however the producer escaped its JSON (JSON.stringify / Python's ensure_ascii=False with the
 * characters as they are, Python's default with `\uXXXX`); a row that is not one string of the record has none.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeAscii, findRowPlaces, rowTextAt, textAtPlace } from '../../../src-main/search/row-places'
import { chunks, type RowSource, type SearchRow } from '../../../src-main/search/search-rows'

const row = (text: string, turn = 0): SearchRow => ({ turn, role: 'user', tool: null, text })
/** A row that may be one whole string after `prefix`. */
const whole = (prefix = ''): RowSource => ({ prefix, piece: 0, pieces: 1 })

/** A record as Python's json.dumps writes it by default: every character past ASCII escaped. */
const pythonDumps = (value: unknown): string => escapeAscii(JSON.stringify(value))

/** Each row's text read back from its place, or null. */
function readBack(
  record: Buffer,
  rows: SearchRow[],
  verbatim: (RowSource | null)[] = rows.map(() => whole())
): (string | null)[] {
  return findRowPlaces(record, rows, verbatim).map((p) => (p ? rowTextAt(p, record.subarray(p[3], p[3] + p[4])) : null))
}

// Text with what JSON escapes (quotes, backslashes, control characters, DEL), non-ASCII and astral characters, and
// lone surrogates
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', ' ', 'x') },
  { weight: 2, arbitrary: fc.constantFrom('"', '\\', '\n', '\t', '\u0001', '\u007f', '/', '\u2028') },
  { weight: 2, arbitrary: fc.constantFrom('é', '—', '中', '🚀', '\ud800', '\udfff') }
)
const text = fc.string({ unit, minLength: 1, maxLength: 60 })

describe('row places', () => {
  it('finds every message whole, read back exactly, in JSON.stringify and Python-escaped records', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), fc.boolean(), (texts, python) => {
        const value = { id: 7, messages: texts.map((content) => ({ role: 'user', content })) }
        const record = Buffer.from(python ? pythonDumps(value) : JSON.stringify(value))
        const rows = texts.map((t, i) => row(t, i))
        const back = readBack(record, rows)
        // a text with a lone surrogate is written as an escape by both: still found
        expect(back).toEqual(texts)
      }),
      { numRuns: 400 }
    )
  })

  it('reads a place back as its row whatever else the record holds (pieces, repeats, other strings)', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(60), fc.nat(60)), { maxLength: 6 }),
        (texts, picks) => {
          const record = Buffer.from(JSON.stringify({ a: texts, b: texts.slice().reverse() }))
          // rows that are pieces of the strings, in any order: a place found must read back as its row
          const rows = picks.map(([i, s, e]) => {
            const t = texts[i % texts.length]
            return row(t.slice(Math.min(s, e), Math.max(s, e)) || t)
          })
          findRowPlaces(
            record,
            rows,
            rows.map(() => whole())
          ).forEach((p, i) => {
            if (p) expect(textAtPlace(record.subarray(p[3], p[3] + p[4]))).toBe(rows[i].text)
          })
        }
      ),
      { numRuns: 400 }
    )
  })

  it('leaves rows that are not one string of the record, and rows not marked verbatim, without a place', () => {
    const record = Buffer.from(
      JSON.stringify({ messages: [{ role: 'assistant', reasoning: 'think first', content: 'then answer' }] })
    )
    const rows = [row('think first\n\nthen answer'), row('then answer'), row('ls\ncommand: ls'), row('think first')]
    expect(readBack(record, rows, [whole(), null, whole(), whole()])).toEqual([null, null, null, 'think first'])
  })

  it('finds the pieces of a long text as the one string they are, and no trimmed text or text after an escaped quote', () => {
    const long = 'alpha beta '.repeat(3000) + 'omega'
    const record = Buffer.from(
      JSON.stringify({
        messages: [{ content: long }, { content: '  padded text\n' }, { content: 'say "padded text"' }]
      }) + JSON.stringify({ again: 'padded text' })
    )
    const pieces = chunks(long)
    expect(pieces.length).toBe(3)
    const rows = [...pieces.map((p) => row(p)), row('padded text'), row(pieces[1])]
    const sources = [
      ...pieces.map((_, piece) => ({ prefix: '', piece, pieces: pieces.length })),
      whole(),
      whole() // a piece marked whole: not one string
    ]
    const places = findRowPlaces(record, rows, sources)
    expect(places.map((p) => p && rowTextAt(p, record.subarray(p[3], p[3] + p[4])))).toEqual([
      ...pieces,
      'padded text',
      null
    ])
    // the pieces share the long string's place; the trimmed text is found where it is whole, not in the quoted one
    expect(new Set(places.slice(0, 3).map((p) => p?.[3])).size).toBe(1)
    expect(places[0]?.[7]).toBe(0)
    expect(places[2]?.[7]).toBe(2)
    expect(record.toString('utf8', (places[3] as [number, string, null, number, number])[3] - 9)).toMatch(
      /^"again":"padded text"/
    )
    // looked for forward only: the long text came before
    expect(readBack(record, [row('padded text'), row(long)])).toEqual(['padded text', null])
  })

  it('gives the places as [turn, role, tool, byte offset, byte length]', () => {
    const record = Buffer.from('{"messages":[{"content":"café au lait"}]}')
    const [place] = findRowPlaces(record, [{ turn: 3, role: 'tool', tool: 'bash', text: 'café au lait' }], [whole()])
    expect(place).toEqual([3, 'tool', 'bash', 25, Buffer.byteLength('café au lait')])
  })

  it("finds a call's one string argument inside its JSON arguments, and inside a call kept as a JSON string", () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), fc.boolean(), (codeText, saidText, python, callAsString) => {
        // never the same text (a call's argument equal to the next message would be found there: still right, but
        // the message would then be looked for after it)
        const code = `run ${codeText}`
        const said = `said ${saidText}`
        const call = { id: 'c1', function: { name: 'python', arguments: JSON.stringify({ code }) }, type: 'function' }
        const value = {
          completion: [
            { role: 'assistant', content: said, tool_calls: [callAsString ? JSON.stringify(call) : call] },
            { role: 'tool', content: said }
          ]
        }
        // Python's default escapes the inner JSON texts too when they are written by json.dumps
        const dumps = python ? pythonDumps : JSON.stringify
        const inner = { ...call, function: { ...call.function, arguments: dumps({ code }) } }
        value.completion[0].tool_calls = [callAsString ? dumps(inner) : inner]
        const record = Buffer.from(dumps(value))
        const rows = [
          row(said),
          { turn: 0, role: 'assistant' as const, tool: 'python', text: `python\ncode: ${code}` },
          row(said, 1)
        ]
        const places = findRowPlaces(record, rows, [whole(), whole('python\ncode: '), whole()])
        expect(places.map((p) => p && rowTextAt(p, record.subarray(p[3], p[3] + p[4])))).toEqual(
          rows.map((r) => r.text)
        )
        expect(places[1]?.[6]).toBe(callAsString ? 3 : 2)
      }),
      { numRuns: 300 }
    )
  })

  it('decodes a place as many times as its depth', () => {
    expect(textAtPlace(Buffer.from(String.raw`a\\\"b`), 2)).toBe('a"b')
    expect(textAtPlace(Buffer.from(String.raw`caf\\u00e9`), 2)).toBe('café')
  })
})
