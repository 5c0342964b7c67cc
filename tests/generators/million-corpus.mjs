/**
 * A million episodes for the query and serve figures of the bench (issue 16): `runs` verifiers eval runs (default
 * 20) of `rows` rollouts each (default 50,000), as `outputs/evals/<env>--<model>/<8hex>/results.jsonl` +
 * `metadata.json`. Rows are short (about 1 KB: one to three tool calls with small outputs) so a million of them is
 * about 1 GB to write and index, but carry everything the episodes table sorts and filters by: binary and partial
 * rewards, two metrics, info fields (difficulty, category), generation times, token counts, errors and truncated
 * rollouts. Four environments with five models each: the models of one environment see the same examples, so any two
 * of them compare task by task. Streams to disk in 1 MB writes; reuses a corpus whose manifest matches.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import { createRng } from './prng.mjs'
import { block, sentence, words } from './corpus/text.mjs'

/** Bump when the generated content changes, so old corpora are regenerated. */
export const MILLION_VERSION = 1

const ENVS = [
  { env: 'math-python', tool: 'python', arg: 'code', skill: 0.55 },
  { env: 'repo-repair', tool: 'bash', arg: 'command', skill: 0.35 },
  { env: 'wiki-search', tool: 'search', arg: 'query', skill: 0.65 },
  { env: 'terminal-ops', tool: 'shell', arg: 'command', skill: 0.45 }
]
const MODELS = ['qwen3-8b', 'qwen3-8b-grpo-step100', 'qwen3-8b-grpo-step200', 'qwen3-8b-grpo-step400', 'gpt-4.1-mini']
const DIFFICULTY = ['easy', 'medium', 'hard']
const CATEGORY = ['algebra', 'geometry', 'parsing', 'io', 'search', 'config', 'network', 'strings']
const SYSTEM = 'You are an agent in a sandboxed environment. Use the tools, then answer inside \\boxed{}.'
/** Rollouts per example: a run of 50,000 rows has 10,000 tasks. */
const RPE = 5

/**
 * @typedef {object} MillionManifest
 * @property {string} generator
 * @property {number} version
 * @property {{ runs: number, rows: number, seed: number }} params
 * @property {{ path: string, bytes: number, episodes: number }[]} files
 * @property {number} totalBytes
 * @property {number} episodes
 */

/** @param {string} outDir @returns {MillionManifest | null} */
function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** One row. @param {typeof ENVS[number]} env @param {number} example @param {number} modelIndex @param {import('./prng.mjs').Rng} rng */
function buildRow(env, example, modelIndex, rng) {
  const er = createRng(`${env.env}:${example}`) // the example's own text, the same for every model of the env
  const question = `${sentence(er)} Compute the ${words(er, 2)} for case ${example}.`
  const answer = String(Math.floor(er.next() * 10000) / 100)
  const difficulty = DIFFICULTY[Math.floor(er.next() * 3)]
  const category = CATEGORY[Math.floor(er.next() * CATEGORY.length)]
  const skill = env.skill + modelIndex * 0.06 - DIFFICULTY.indexOf(difficulty) * 0.15
  const calls = 1 + Math.floor(rng.next() * 3)
  const completion = []
  for (let c = 0; c < calls; c++) {
    const id = `call_${rng.hex(12)}`
    completion.push({
      content: rng.next() < 0.6 ? '' : sentence(rng),
      role: 'assistant',
      tool_calls: [
        {
          id,
          type: 'function',
          function: {
            name: env.tool,
            arguments: JSON.stringify({ [env.arg]: block(rng, 40 + Math.floor(rng.next() * 120)) })
          }
        }
      ]
    })
    completion.push({ content: block(rng, 30 + Math.floor(rng.next() * 220)), role: 'tool', tool_call_id: id })
  }
  const correct = rng.next() < skill
  completion.push({ content: `${sentence(rng)}\n\\boxed{${correct ? answer : '0'}}`, role: 'assistant' })
  const format = Math.round(rng.next() * 100) / 100
  const generation = 500 + rng.next() * 20000
  /** @type {Record<string, unknown>} */
  const row = {
    id: example,
    prompt: [
      { content: SYSTEM, role: 'system' },
      { content: question, role: 'user' }
    ],
    completion,
    task: 'default',
    info: { difficulty, category },
    answer,
    // partial credit for a well-formatted wrong answer: rewards are not only 0 and 1
    reward: correct ? 1 : format > 0.8 ? 0.25 : 0,
    correct_answer_reward_func: correct ? 1 : 0,
    format_reward_func: format,
    generation_ms: generation,
    scoring_ms: rng.next() * 5,
    total_ms: generation + 10,
    prompt_tokens: 80 + Math.floor(rng.next() * 200),
    completion_tokens: 50 + Math.floor(rng.next() * 2000)
  }
  const fate = rng.next()
  if (fate < 0.01) row.error = 'TimeoutError: the sandbox did not answer within 60 s'
  else if (fate < 0.03) {
    row.is_truncated = true
    row.stop_condition = 'max_turns'
  }
  return row
}

/** Writes one run; returns its two files. */
function writeRun(/** @type {string} */ outDir, envIndex, modelIndex, rows, seed) {
  const env = ENVS[envIndex]
  const model = MODELS[modelIndex]
  const rng = createRng(`${seed}:${env.env}--${model}`)
  const rel = join('outputs', 'evals', `${env.env}--${model}`, rng.hex(8))
  mkdirSync(join(outDir, rel), { recursive: true })
  const fd = openSync(join(outDir, rel, 'results.jsonl'), 'w')
  let bytes = 0
  let reward = 0
  let pending = ''
  try {
    for (let i = 0; i < rows; i++) {
      const row = buildRow(env, Math.floor(i / RPE), modelIndex, rng)
      reward += /** @type {number} */ (row.reward)
      pending += JSON.stringify(row) + '\n'
      if (pending.length > 1_000_000) {
        bytes += writeSync(fd, pending)
        pending = ''
      }
    }
    bytes += writeSync(fd, pending)
  } finally {
    closeSync(fd)
  }
  const meta = JSON.stringify({
    env: env.env,
    model,
    num_examples: Math.ceil(rows / RPE),
    rollouts_per_example: RPE,
    sampling_args: { max_tokens: 4096, temperature: 0.7 },
    date: '2025-10-01 12:00:00',
    avg_reward: reward / rows
  })
  writeFileSync(join(outDir, rel, 'metadata.json'), meta)
  return [
    { path: join(rel, 'results.jsonl'), bytes, episodes: rows },
    { path: join(rel, 'metadata.json'), bytes: Buffer.byteLength(meta), episodes: 0 }
  ]
}

/**
 * Generates (or reuses) the corpus under `outDir` (only `outDir/outputs` and `outDir/manifest.json` are touched).
 * @param {{ outDir: string, runs?: number, rows?: number, seed?: number, log?: (msg: string) => void }} opts
 * @returns {{ reused: boolean, manifest: MillionManifest }}
 */
export function generateMillionCorpus({ outDir, runs = 20, rows = 50_000, seed = 1, log = () => {} }) {
  if (runs < 1 || runs > ENVS.length * MODELS.length) throw new Error(`runs must be 1..${ENVS.length * MODELS.length}`)
  const old = readManifest(outDir)
  const p = old?.params
  if (
    old &&
    old.version === MILLION_VERSION &&
    p?.runs === runs &&
    p?.rows === rows &&
    p?.seed === seed &&
    old.files.every((f) => existsSync(join(outDir, f.path)) && statSync(join(outDir, f.path)).size === f.bytes)
  )
    return { reused: true, manifest: old }
  rmSync(join(outDir, 'outputs'), { recursive: true, force: true })
  rmSync(join(outDir, 'manifest.json'), { force: true })
  mkdirSync(outDir, { recursive: true })
  const files = []
  for (let r = 0; r < runs; r++) {
    // environment-major: runs 0..4 are the five models of the first environment
    files.push(...writeRun(outDir, Math.floor(r / MODELS.length), r % MODELS.length, rows, seed))
    log(`million corpus: run ${r + 1} of ${runs} written`)
  }
  /** @type {MillionManifest} */
  const manifest = {
    generator: 'million-corpus',
    version: MILLION_VERSION,
    params: { runs, rows, seed },
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    episodes: files.reduce((s, f) => s + f.episodes, 0)
  }
  // written last: an interrupted run leaves no manifest, so the next call starts over
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return { reused: false, manifest }
}
