/**
 * Mapping files (docs/formats/mapping-file.md): validation messages, paths, globs, discovery, and
 * the four example folders in tests/fixtures/mapping read through the engine. Expected values are
 * read off the fixture files by hand (comments say how).
 */
import { mkdirSync, mkdtempSync, writeFileSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { validateMapping } from '../../../src-main/formats/mapping/schema'
import { PathSyntaxError, getAll, getAt, parsePath } from '../../../src-main/formats/mapping/path'
import { matchesGlob } from '../../../src-main/formats/mapping/glob'
import { mappingFor } from '../../../src-main/formats/mapping/discover'
import { isMappingFileName } from '../../../src-main/formats/mapping/names'
import type { Engine } from '../../../src-main/services/engine-types'
import type { SourceStatus } from '../../../src-main/contract/model'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { formatContext } from '../../../src-main/formats/context'

const err = (text: string, name = 'rollscope.yaml'): string => {
  const r = validateMapping(text, name)
  if (r.ok) throw new Error('expected a validation error')
  return r.error
}

describe('validation messages (exact)', () => {
  it('wrong type, with the line and the dotted key', () => {
    expect(err('files: ["*.jsonl"]\ngroupBy: ep\nstep:\n  action: act\n  reward: 5\n')).toBe(
      'rollscope.yaml line 5, key `step.reward`: expected a path string, got a number'
    )
    expect(err('files: ["a.json", 3]\n')).toBe(
      'rollscope.yaml line 1, key `files[1]`: expected a glob string, got a number'
    )
    expect(err('files: a.json\nmetrics: [a, [b]]\n')).toBe(
      'rollscope.yaml line 2, key `metrics[1]`: expected a path string, got a list'
    )
    // JSON mapping files get lines too
    expect(err('{\n  "files": "a.json",\n  "reward": 1\n}', 'x.rollscope.json')).toBe(
      'x.rollscope.json line 3, key `reward`: expected a path string, got a number'
    )
  })

  it('unknown keys, with a suggestion', () => {
    expect(err('files: ["*.jsonl"]\nrewrd: score\n')).toBe(
      'rollscope.yaml line 2, key `rewrd`: unknown key (did you mean `reward`?); known keys: files, format, episodes, keys, groupBy, id, task, ' +
        'model, reward, success, status, error, answer, prompt, response, messages, steps, step, rollout, tokensIn, tokensOut, durationMs, ' +
        'durationSeconds, metrics, info, run'
    )
    expect(err('files: "*.json"\nsteps: traj\nstep:\n  acton: a\n')).toBe(
      'rollscope.yaml line 4, key `step.acton`: unknown key (did you mean `action`?); known keys: index, action, observation, before, ' +
        'reward, done, truncated, reasoning, text, error, metrics, success'
    )
  })

  it('bad values: path syntax, wildcards where one value is expected, enums, names, rules between keys', () => {
    expect(err('files: "*.json"\nreward: "scores[0"\n')).toBe(
      'rollscope.yaml line 2, key `reward`: bad path `scores[0`: unclosed "[" at character 7'
    )
    expect(err('files: "*.json"\nreward: "scores.*"\n')).toBe(
      'rollscope.yaml line 2, key `reward`: bad path `scores.*`: a wildcard (*) is only allowed in `episodes`, `metrics` and `info`'
    )
    expect(err('files: "*.json"\nformat: xml\n')).toBe(
      'rollscope.yaml line 2, key `format`: expected auto, json or jsonl, got the text "xml"'
    )
    expect(err('files: a.json\nkeys: [task, "2x"]\n')).toBe(
      'rollscope.yaml line 2, key `keys[1]`: expected a name of letters, digits, "_" or "-", got the text "2x"'
    )
    expect(err('files: a.json\nstep:\n  action: a\n')).toBe(
      'rollscope.yaml line 2, key `step`: needs `steps` (the path of the step list in an episode) or `groupBy` (each record is a step)'
    )
  })

  it('YAML syntax errors with their line; missing and empty', () => {
    expect(err('files: "*.json"\nreward: a\nreward: b\n')).toBe(
      'rollscope.yaml line 3: YAML syntax error: Map keys must be unique'
    )
    expect(err('files: "*.json"\n  reward: x\n bad')).toBe(
      'rollscope.yaml line 2: YAML syntax error: All mapping items must start at the same column'
    )
    expect(err('reward: score\n')).toBe(
      'rollscope.yaml: missing key `files` (globs of the data files this mapping describes, e.g. files: ["*.jsonl"])'
    )
    expect(err('')).toBe('rollscope.yaml: the file is empty (it needs at least `files`, e.g. files: ["*.jsonl"])')
    expect(err('42')).toBe('rollscope.yaml: expected a mapping of keys, got a number at the top level')
    expect(err('files: *x\n')).toBe(
      'rollscope.yaml: YAML error: Unresolved alias (the anchor must be set before the alias): x'
    )
  })

  it('valid mappings keep the line of every key', () => {
    const r = validateMapping('files: "*.jsonl"\ngroupBy: ep\nstep:\n  action: act.cmd\n', 'rollscope.yaml')
    expect(r.ok).toBe(true)
    if (r.ok)
      expect([...r.lines]).toEqual([
        ['files', 1],
        ['groupBy', 2],
        ['step', 3],
        ['step.action', 4]
      ])
  })
})

describe('paths, globs, names', () => {
  it('parses dotted / bracket paths and says where a bad one breaks', () => {
    expect(parsePath('$.results[*].steps[-1]["pass@1"]')).toEqual([
      { kind: 'key', key: 'results' },
      { kind: 'all' },
      { kind: 'key', key: 'steps' },
      { kind: 'index', index: -1 },
      { kind: 'key', key: 'pass@1' }
    ])
    expect(parsePath('$')).toEqual([])
    expect(() => parsePath('a..b')).toThrow(new PathSyntaxError('empty name at character 3'))
    expect(() => parsePath('a[x]')).toThrow(
      new PathSyntaxError('bad bracket "[x]" at character 2 (use [0], [-1], [*] or ["a key"])')
    )
    expect(() => parsePath('a.')).toThrow(new PathSyntaxError('the path ends with "."'))
  })

  it('evaluates, decoding JSON strings on the way, and names where wildcard hits are', () => {
    const doc = { r: [{ s: '{"x": 2}' }, { s: { x: 3 } }], m: { 'odd key': 1 } }
    expect(getAt(doc, parsePath('r[0].s.x'))).toBe(2)
    expect(getAt(doc, parsePath('r[-1].s.x'))).toBe(3)
    expect(getAt(doc, parsePath('r.1.s.x'))).toBe(3)
    expect(getAt(doc, parsePath('nope.x'))).toBeUndefined()
    expect(getAll(doc, parsePath('r[*].s.x')).map((h) => [h.where, h.value])).toEqual([
      ['r[0].s.x', 2],
      ['r[1].s.x', 3]
    ])
    expect(getAll(doc, parsePath('m.*'))).toEqual([{ value: 1, where: 'm["odd key"]', keys: ['odd key'] }])
  })

  it('globs: *, **, ?, {a,b}, [..]', () => {
    expect(matchesGlob('evals/a.json', 'evals/*.json')).toBe(true)
    expect(matchesGlob('evals/x/a.json', 'evals/*.json')).toBe(false)
    expect(matchesGlob('evals/x/a.json', 'evals/**/*.json')).toBe(true)
    expect(matchesGlob('evals/a.json', 'evals/**/*.json')).toBe(true)
    expect(matchesGlob('a.jsonl', '*.{json,jsonl}')).toBe(true)
    expect(matchesGlob('run3.json', 'run[0-9].json')).toBe(true)
    expect(matchesGlob('run3.json', './run?.json')).toBe(true)
    expect(matchesGlob('run3.json', 'run?.jsonl')).toBe(false)
  })

  it('mapping file names', () => {
    expect(
      ['rollscope.yaml', 'rollscope.yml', 'rollscope.json', 'leaderboard.rollscope.json', 'X.Rollscope.YAML'].every(
        isMappingFileName
      )
    ).toBe(true)
    expect(
      ['rollscope.yaml.bak', 'my-rollscope.yaml', '.rollscope.yaml', 'rollscope.txt'].some(isMappingFileName)
    ).toBe(false)
  })

  it('discovery: the nearest folder wins; mapping files claim nothing outside their folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-map-'))
    mkdirSync(join(dir, 'evals', 'deep'), { recursive: true })
    writeFileSync(join(dir, 'rollscope.yaml'), 'files: ["evals/**/*.json"]\nreward: a\n')
    writeFileSync(join(dir, 'evals', 'deep', 'rollscope.yaml'), 'files: "*.json"\nreward: b\n')
    const top = mappingFor(join(dir, 'evals', 'x.json'), formatContext())
    const deep = mappingFor(join(dir, 'evals', 'deep', 'y.json'), formatContext())
    expect(top?.ok && top.mapping.spec.reward).toBe('a')
    expect(deep?.ok && deep.mapping.spec.reward).toBe('b')
    expect(mappingFor(join(dir, 'other.json'), formatContext())).toBeNull()
    expect(mappingFor(join(dir, 'rollscope.yaml'), formatContext())).toBeNull()
  })
})

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})
const rel = (dir: string, files: SourceStatus[]) =>
  files.map((f) => [f.path.slice(dir.length + 1), f.format, f.state, f.episodes, f.error, f.warnings])

describe('the fixture folders through the engine', () => {
  it('statuses: mapping files are sidecars; mapped data files indexed, with the records that lack a field named', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('mapping')
    const report = await engine.indexPaths([dir])
    expect(rel(dir, report.files)).toEqual([
      ['leaderboard/scores.json', 'mapped', 'indexed', 5, null, []],
      ['leaderboard/scores.rollscope.json', 'mapped', 'sidecar', 0, null, []],
      // results[1] has no outcome.score
      [
        'nested/evals/run1.json',
        'mapped',
        'indexed',
        2,
        null,
        ['1 of 2 episodes have no `outcome.score` (key `reward`), first at results[1]']
      ],
      ['nested/rollscope.yaml', 'mapped', 'sidecar', 0, null, []],
      // line 6 is a heartbeat without `ep`
      [
        'odd-steps/agent-log.jsonl',
        'mapped',
        'indexed',
        2,
        null,
        ['1 record without `ep` (key `groupBy`), first at line 6; skipped']
      ],
      ['odd-steps/rollscope.yaml', 'mapped', 'sidecar', 0, null, []],
      // line 5 (iam-user) has no exact_match
      [
        'rows/results.jsonl',
        'mapped',
        'indexed',
        5,
        null,
        ['1 of 5 episodes have no `exact_match` (key `reward`), first at line 5']
      ],
      ['rows/rollscope.yml', 'mapped', 'sidecar', 0, null, []]
    ])
  })

  it('per-model table keyed by task: one run per model, task keys that match across runs', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('mapping/leaderboard')
    await engine.indexPaths([dir])
    const runs = await engine.api.listRuns()
    expect(runs.map((r) => [r.name, r.model, r.episodes, r.tasks]).sort()).toEqual([
      ['leaderboard · claude', 'claude', 3, 3],
      ['leaderboard · gpt-4o', 'gpt-4o', 2, 2]
    ])
    const byModel = async (m: string) => {
      const run = runs.find((r) => r.model === m)!
      return (await engine!.api.listEpisodes({ runId: run.id, sort: 'taskKey' })).items.map((e) => [
        e.taskKey,
        e.taskKeyKind,
        e.reward,
        e.metrics
      ])
    }
    // scores.json: task_1 gpt-4o 1 / claude 0; task_2 0.5 / 1; task_3 only claude 0
    expect(await byModel('gpt-4o')).toEqual([
      ['task_1', 'explicit', 1, { latency_s: 2.5 }],
      ['task_2', 'explicit', 0.5, { latency_s: 1.5 }]
    ])
    expect(await byModel('claude')).toEqual([
      ['task_1', 'explicit', 0, { latency_s: 3 }],
      ['task_2', 'explicit', 1, { latency_s: 2 }],
      ['task_3', 'explicit', 0, { latency_s: 9 }]
    ])
    // (1 + 0.5) / 2 and (0 + 1 + 0) / 3
    expect(runs.find((r) => r.model === 'gpt-4o')!.meanReward).toBe(0.75)
    expect(runs.find((r) => r.model === 'claude')!.meanReward).toBeCloseTo(1 / 3, 12)
  })

  it('rows with model / task columns: runs per model, success, info, error status, response turn', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('mapping/rows')
    await engine.indexPaths([dir])
    const runs = await engine.api.listRuns()
    const sft = runs.find((r) => r.model === 'qwen-7b-sft')!
    expect(sft).toMatchObject({ name: 'rows/results · qwen-7b-sft', episodes: 3, tasks: 3 })
    const eps = (await engine.api.listEpisodes({ runId: sft.id, sort: 'ordinal' })).items
    expect(eps.map((e) => [e.taskKey, e.reward, e.passed, e.status, e.error, e.info])).toEqual([
      ['s3-list', 1, true, 'ok', null, { tier: 'easy' }],
      ['ec2-stop', 1, true, 'ok', null, { tier: 'hard' }],
      ['iam-user', null, false, 'error', 'timeout after 30 s', { tier: 'medium' }]
    ])
    const ep = await engine.api.getEpisode(eps[1].id)
    expect(ep.turns.map((t) => [t.role, t.text])).toEqual([['assistant', 'aws ec2 stop-instances --instance-ids i-1']])
  })

  it('per-step JSONL with odd names: grouped by `ep`, sorted by `tick`, step rewards summed', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('mapping/odd-steps')
    await engine.indexPaths([dir])
    const [run] = await engine.api.listRuns()
    expect(run).toMatchObject({ name: 'odd-steps/agent-log · base', model: 'base', episodes: 2 })
    const eps = (await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })).items
    // a1: ticks 0, 2, 1 in the file → -0.1 + 0 + 1; b7: 0 + -0.5; budget from the first step; steps = step lines
    expect(eps.map((e) => [e.taskKey, e.reward, e.turns, e.steps, e.metrics, e.preview])).toEqual([
      ['maze-3', 0.9, 6, 3, { budget: 10 }, 'wall'],
      ['maze-5', -0.5, 4, 2, { budget: 12 }, 'corridor']
    ])
    const ep = await engine.api.getEpisode(eps[0].id)
    expect(
      ep.turns.map((t) => [
        t.role,
        t.text,
        t.toolCalls.map((c) => `${c.name}(${String(c.arguments)})`).join(),
        t.toolCallId,
        t.reward,
        t.done
      ])
    ).toEqual([
      ['assistant', '', 'cmd(north)', null, null, null],
      ['tool', 'wall', '', 'step-0', -0.1, false],
      ['assistant', '', 'cmd(east)', null, null, null],
      ['tool', 'door', '', 'step-1', 0, false],
      ['assistant', '', 'cmd(exit)', null, null, null],
      ['tool', 'you escaped', '', 'step-2', 1, true]
    ])
  })

  it('nested JSON: episodes under a key, composite task key, steps with tool calls, run model / env from the document', async () => {
    engine = tempEngine().engine
    const dir = ownFixture('mapping/nested')
    await engine.indexPaths([dir])
    const [run] = await engine.api.listRuns()
    expect(run).toMatchObject({
      name: 'evals/run1',
      model: 'llama-3-8b',
      env: 'calc-bench',
      episodes: 2,
      format: 'mapped'
    })
    const eps = (await engine.api.listEpisodes({ runId: run.id, sort: 'ordinal' })).items
    expect(eps.map((e) => [e.taskKey, e.sourceId, e.reward, e.status, e.error, e.turns, e.preview])).toEqual([
      ['calc/17', 'calc/17', 1, 'ok', null, 5, 'What is 12 * 7 + 3?'],
      ['calc/18', 'calc/18', null, 'truncated', 'status: max_steps', 3, 'What is 2 ** 10?']
    ])
    const ep = await engine.api.getEpisode(eps[0].id)
    expect(ep.turns[0]).toMatchObject({ role: 'user', isPrompt: true, text: 'What is 12 * 7 + 3?' })
    expect(ep.turns[1]).toMatchObject({
      role: 'assistant',
      reasoning: 'Multiply first.',
      toolCalls: [{ id: 'step-0', name: 'python', arguments: { code: '12*7+3' } }]
    })
    expect(ep.turns[2]).toMatchObject({
      role: 'tool',
      text: '87',
      toolCallId: 'step-0',
      toolName: 'python',
      reward: 0.5
    })
    expect(JSON.parse(ep.raw).run_id).toBe('r-001')
  })
})

describe('errors and changes through the engine', () => {
  const setup = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-mapped-'))
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    return dir
  }
  const ROWS = '{"model": "m", "task": "t1", "score": 1}\n{"model": "m", "task": "t2", "score": 0}\n'

  it('an invalid mapping file is an error with its message; the files it claims say so', async () => {
    const dir = setup({ 'rollscope.yaml': 'files: ["*.jsonl"]\ntask: task\nreward: 7\n', 'rows.jsonl': ROWS })
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    const msg = 'rollscope.yaml line 3, key `reward`: expected a path string, got a number'
    expect(rel(dir, report.files)).toEqual([
      ['rollscope.yaml', 'mapped', 'error', 0, msg, []],
      ['rows.jsonl', 'mapped', 'error', 0, `claimed by rollscope.yaml, which is invalid: ${msg}`, []]
    ])
  })

  it('a mapped field found in no record is an error naming the mapping line and the keys the data has', async () => {
    const dir = setup({ 'rollscope.yaml': 'files: ["*.jsonl"]\ntask: task\nreward: scroe\n', 'rows.jsonl': ROWS })
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    expect(report.files.find((f) => f.path.endsWith('rows.jsonl'))).toMatchObject({
      state: 'error',
      error:
        'no episode of rows.jsonl has `scroe` (rollscope.yaml line 3, key `reward`); the first episode (line 1) has the keys: model, task, score'
    })
  })

  it('data errors: the episodes path reaches nothing; groupBy in no record; a JSON file that is not JSON', async () => {
    const dir = setup({
      'a.rollscope.yaml': 'files: a.json\nepisodes: results\n',
      'a.json': '{"items": []}',
      'b.rollscope.yaml': 'files: b.jsonl\ngroupBy: episode\nstep:\n  action: act\n',
      'b.jsonl': '{"ep": 1, "act": "x"}\n',
      'c.rollscope.yaml': 'files: c.json\n',
      'c.json': '{"a": 1}\n{"a": 2}\n'
    })
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    const errors = Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f.error]))
    expect(errors['a.json']).toBe(
      'a.json has no `results` (a.rollscope.yaml line 2, key `episodes`); its top-level keys are: items'
    )
    expect(errors['b.jsonl']).toBe(
      'line 1: no value at `episode` (b.rollscope.yaml line 2, key `groupBy`); the first record (line 1) has the keys: ep, act'
    )
    expect(errors['c.json']).toMatch(
      /^c\.json is not valid JSON \(.*\); if it has one JSON record per line, set `format: jsonl` in c\.rollscope\.yaml$/
    )
  })

  it('the mapping wins over content detection; editing the mapping re-reads the data without --force', async () => {
    // a verifiers-looking file, claimed by the mapping
    const row = {
      prompt: [{ role: 'user', content: 'q' }],
      completion: [{ role: 'assistant', content: 'a' }],
      reward: 0.25,
      quality: 0.75,
      id: 3
    }
    const dir = setup({
      'rollscope.yaml': 'files: results.jsonl\ntask: id\nreward: reward\nmessages: prompt\n',
      'results.jsonl': JSON.stringify(row) + '\n'
    })
    engine = tempEngine().engine
    let report = await engine.indexPaths([dir])
    expect(report.files.find((f) => f.path.endsWith('results.jsonl'))).toMatchObject({
      format: 'mapped',
      state: 'indexed',
      episodes: 1
    })
    let [run] = await engine.api.listRuns()
    let [ep] = (await engine.api.listEpisodes({ runId: run.id })).items
    expect([ep.taskKey, ep.reward, ep.turns]).toEqual(['3', 0.25, 1])

    writeFileSync(join(dir, 'rollscope.yaml'), 'files: results.jsonl\ntask: id\nreward: quality\nmessages: prompt\n')
    const later = new Date(Date.now() + 5000)
    utimesSync(join(dir, 'rollscope.yaml'), later, later)
    report = await engine.indexPaths([dir])
    expect(report.files.find((f) => f.path.endsWith('results.jsonl'))).toMatchObject({ state: 'indexed', episodes: 1 })
    ;[run] = await engine.api.listRuns()
    ;[ep] = (await engine.api.listEpisodes({ runId: run.id })).items
    expect(ep.reward).toBe(0.75)
  })
})
