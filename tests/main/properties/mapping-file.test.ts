/**
 * Property-based robustness of mapping files: random mapping documents only ever give a validation
 * result (never an exception), and random data read through valid mappings only ever gives runs or
 * a RecordError, from indexing and from opening each episode.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { stringify } from 'yaml'
import { describe, expect, it } from 'vitest'
import { evaluateMapping, mappedEpisodeBody, type MappedData } from '../../../src-main/formats/mapping/evaluate'
import { MappingSchema, validateMapping, type Mapping } from '../../../src-main/formats/mapping/schema'
import { RecordError } from '../../../src-main/formats/types'
import { mutate } from '../../helpers/adapter-properties'
import { ownFixture } from '../../helpers/fixtures-path'

const ROOT_KEYS = Object.keys(MappingSchema.shape)
const STEP_KEYS = [
  'index',
  'action',
  'observation',
  'before',
  'reward',
  'done',
  'truncated',
  'reasoning',
  'text',
  'error'
]
const pathText = fc.oneof(
  fc.constantFrom(
    '$',
    'a',
    'a.b',
    'x[0]',
    'x[-1].y',
    'r[*]',
    '*',
    'm.*',
    '["k k"]',
    'a..b',
    'a[',
    ']',
    '',
    '$.',
    'a[x]',
    'steps',
    'reward',
    'task'
  ),
  fc.string({ maxLength: 12 })
)
const value = fc.oneof(pathText, fc.array(pathText, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }))
const mappingDoc = fc.dictionary(
  fc.oneof(fc.constantFrom(...ROOT_KEYS), fc.string({ maxLength: 8 })),
  fc.oneof(
    value,
    fc.dictionary(fc.oneof(fc.constantFrom(...STEP_KEYS, 'name', 'model', 'env'), fc.string({ maxLength: 6 })), value, {
      maxKeys: 4
    })
  ),
  { maxKeys: 8 }
)

describe('mapping files: properties', () => {
  it('random mapping documents (YAML, JSON, or any text) never throw: valid, or one positioned message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          mappingDoc.map((d) => stringify(d)),
          mappingDoc.map((d) => JSON.stringify(d, null, 2)),
          fc.string({ maxLength: 80 }),
          fc.constantFrom('files: [a\n', '{"files": ', '- a\n- b\n', 'files: *x\n', '&a [*a]', 'files: !!binary x\n')
        ),
        (text) => {
          const r = validateMapping(text, 'rollscope.yaml')
          if (!r.ok) {
            expect(typeof r.error).toBe('string')
            expect(r.error.startsWith('rollscope.yaml')).toBe(true)
          }
        }
      ),
      { numRuns: 400 }
    )
  })

  const mappings: { spec: string; data: MappedData[] }[] = [
    { spec: 'odd-steps/rollscope.yaml', data: [jsonl('odd-steps/agent-log.jsonl')] },
    { spec: 'rows/rollscope.yml', data: [jsonl('rows/results.jsonl')] },
    { spec: 'nested/rollscope.yaml', data: [json('nested/evals/run1.json')] },
    { spec: 'leaderboard/scores.rollscope.json', data: [json('leaderboard/scores.json')] }
  ]

  it('random and mutated data through the fixture mappings: runs or a RecordError, and every listed episode opens', () => {
    const loaded = mappings.map((m) => ({ mapping: load(m.spec), data: m.data }))
    const arb = fc.tuple(
      fc.nat({ max: loaded.length - 1 }),
      fc.oneof(fc.constant('keep'), fc.constant('random')),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.jsonValue({ maxDepth: 3 })
    )
    fc.assert(
      fc.property(arb, ([i, how, picks, v]) => {
        const { mapping, data } = loaded[i]
        const d = data[0]
        const mutated: MappedData =
          d.kind === 'json'
            ? { kind: 'json', doc: how === 'random' ? v : mutate(d.doc, picks, v) }
            : {
                kind: 'jsonl',
                records: asList(how === 'random' ? v : mutate(d.records, picks, v)).filter(
                  (r) => typeof r === 'object' && r !== null && !Array.isArray(r)
                )
              }
        let runs
        try {
          runs = evaluateMapping(mapping, mutated, '/data/x.json').runs
        } catch (err) {
          if (err instanceof RecordError) return
          throw err
        }
        for (const run of runs) {
          for (const e of run.episodes) {
            expect(['ok', 'error', 'truncated', 'cancelled']).toContain(e.summary.status)
            try {
              const body = mappedEpisodeBody(mapping, mutated, '/data/x.json', e.locator)
              expect(body.turns.length).toBe(e.summary.turns)
            } catch (err) {
              if (!(err instanceof RecordError)) throw err
            }
          }
        }
      }),
      { numRuns: 300 }
    )
  })

  it('random valid mappings over random data never throw anything but RecordError', () => {
    const spec = fc.record(
      {
        episodes: fc.constantFrom('$', 'results[*]', 'a.*', 'x'),
        groupBy: fc.constantFrom('ep', 'a', 'x.y'),
        task: fc.oneof(fc.constantFrom('task', 'a.b', 'x[0]'), fc.constant(['a', 'b'])),
        model: fc.constantFrom('model', 'm'),
        reward: fc.constantFrom('reward', 'r[-1]', 's'),
        success: fc.constantFrom('ok', 'success'),
        status: fc.constantFrom('status', 'st'),
        messages: fc.constantFrom('messages', 'msgs'),
        prompt: fc.constantFrom('prompt', 'q'),
        response: fc.constantFrom('response', 'out'),
        metrics: fc.constantFrom('scores.*', 'm', ['a', 'b.c']),
        info: fc.constantFrom('meta.*', ['x']),
        keys: fc.constantFrom(['task'], ['task', 'model'], ['k'])
      },
      { requiredKeys: [] }
    )
    fc.assert(
      fc.property(spec, fc.boolean(), fc.jsonValue({ maxDepth: 4 }), (s, isJsonl, v) => {
        const text = stringify({ files: '*.json', ...s })
        const r = validateMapping(text, 'rollscope.yaml')
        if (!r.ok) return // combinations the rules refuse (e.g. keys with groupBy)
        const mapping: Mapping = { file: '/data/rollscope.yaml', spec: r.spec, globs: ['*.json'], lines: r.lines }
        const data: MappedData = isJsonl
          ? { kind: 'jsonl', records: (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'object' && x !== null) }
          : { kind: 'json', doc: v }
        try {
          const { runs } = evaluateMapping(mapping, data, '/data/x.json')
          for (const run of runs)
            for (const e of run.episodes) mappedEpisodeBody(mapping, data, '/data/x.json', e.locator)
        } catch (err) {
          if (!(err instanceof RecordError)) throw err
        }
      }),
      { numRuns: 400 }
    )
  })
})

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v])

function load(rel: string): Mapping {
  const file = ownFixture(`mapping/${rel}`)
  const r = validateMapping(readFileSync(file, 'utf8'), rel)
  if (!r.ok) throw new Error(r.error)
  const f = r.spec.files
  return { file, spec: r.spec, globs: typeof f === 'string' ? [f] : f, lines: r.lines }
}
function jsonl(rel: string): MappedData {
  return {
    kind: 'jsonl',
    records: readFileSync(ownFixture(`mapping/${rel}`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  }
}
function json(rel: string): MappedData {
  return { kind: 'json', doc: JSON.parse(readFileSync(ownFixture(`mapping/${rel}`), 'utf8')) }
}
