/**
 * Synthetic verifiers-style benchmark corpus: `outputs/evals/<env>--<model>/<8hex>/results.jsonl + metadata.json`
 * (v0b-era metadata), multi-turn tool-using episodes with long observations. Streams rows to disk (never holds a
 * whole file) and reuses an existing corpus when manifest.json records the same parameters and file sizes.
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
import { buildRow } from './corpus/episode.mjs'

/** Bump when the generated content changes, so old corpora are regenerated. */
export const CORPUS_VERSION = 1

const MATH_SYS = 'Use python for all calculations. Give your answer inside \\boxed{}.'
const AGENT_SYS =
  'You are an agent in a sandboxed environment. Use the tools to solve the task, then answer inside \\boxed{}.'

/** The runs of the corpus; `weight` = share of the total size. */
export const CORPUS_RUNS = /** @type {(import('./corpus/episode.mjs').CorpusRun & { weight: number })[]} */ ([
  {
    env: 'math-python',
    model: 'gpt-4.1-mini',
    tool: 'python',
    stringToolCalls: true,
    feedback: false,
    rpe: 3,
    skill: 0.8,
    system: MATH_SYS,
    weight: 1
  },
  {
    env: 'math-python',
    model: 'qwen3-8b',
    tool: 'python',
    stringToolCalls: true,
    feedback: false,
    rpe: 3,
    skill: 0.55,
    system: MATH_SYS,
    weight: 1
  },
  {
    env: 'repo-repair',
    model: 'qwen3-8b',
    tool: 'bash',
    stringToolCalls: false,
    feedback: false,
    rpe: 4,
    skill: 0.35,
    system: AGENT_SYS,
    weight: 1.5
  },
  {
    env: 'repo-repair',
    model: 'qwen3-8b-grpo-step400',
    tool: 'bash',
    stringToolCalls: false,
    feedback: false,
    rpe: 4,
    skill: 0.6,
    system: AGENT_SYS,
    weight: 1.5
  },
  {
    env: 'wiki-search',
    model: 'gpt-4.1-mini',
    tool: 'search',
    stringToolCalls: false,
    feedback: false,
    rpe: 2,
    skill: 0.7,
    system: AGENT_SYS,
    weight: 0.5
  },
  {
    env: 'terminal-ops',
    model: 'openai--gpt-5-mini',
    tool: 'shell',
    stringToolCalls: false,
    feedback: true,
    rpe: 3,
    skill: 0.65,
    system: AGENT_SYS,
    weight: 0.5
  }
])

/**
 * @typedef {object} CorpusManifest
 * @property {string} generator
 * @property {number} version
 * @property {{ totalMB: number, seed: number }} params
 * @property {{ path: string, bytes: number, episodes: number }[]} files relative paths (results.jsonl and metadata.json)
 * @property {number} totalBytes
 * @property {number} episodes
 */

/** @param {string} outDir @returns {CorpusManifest | null} */
function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** True when `m` describes a complete corpus with these parameters. @param {string} outDir @param {CorpusManifest | null} m */
function reusable(outDir, m, /** @type {number} */ totalMB, /** @type {number} */ seed) {
  if (!m || m.version !== CORPUS_VERSION || m.params?.totalMB !== totalMB || m.params?.seed !== seed) return false
  return m.files.every((f) => existsSync(join(outDir, f.path)) && statSync(join(outDir, f.path)).size === f.bytes)
}

/**
 * Writes one run folder; returns its files.
 * @param {string} outDir @param {(typeof CORPUS_RUNS)[number]} run @param {number} budget bytes @param {number} seed
 */
function writeRun(outDir, run, budget, seed) {
  const rng = createRng(`${seed}:${run.env}--${run.model}`)
  const rel = join('outputs', 'evals', `${run.env}--${run.model}`, rng.hex(8))
  mkdirSync(join(outDir, rel), { recursive: true })
  const fd = openSync(join(outDir, rel, 'results.jsonl'), 'w')
  let bytes = 0
  let episodes = 0
  let examples = 0
  const sums = /** @type {Record<string, number>} */ ({})
  const started = Date.UTC(2025, 8, 30, 0, 47, 48) + Math.floor(rng.next() * 86400000)
  let timeMs = 0
  try {
    // Whole groups of rollouts, at least one, until the byte budget is spent.
    while (examples === 0 || bytes < budget) {
      for (let r = 0; r < run.rpe; r++) {
        // Keyed by env, not model: every model of an env sees the same examples (base-vs-trained pairs).
        const row = buildRow(run, examples, createRng(`${seed}:${run.env}:example:${examples}`), rng)
        for (const [k, v] of Object.entries(row)) if (typeof v === 'number' && k !== 'id') sums[k] = (sums[k] ?? 0) + v
        timeMs += row.total_ms
        bytes += writeSync(fd, JSON.stringify(row) + '\n')
        episodes++
      }
      examples++
    }
  } finally {
    closeSync(fd)
  }
  /** @type {Record<string, unknown>} */
  const meta = {
    env: run.env,
    model: run.model,
    num_examples: examples,
    rollouts_per_example: run.rpe,
    sampling_args: { max_tokens: 4096, temperature: 0.7 },
    date: new Date(started).toISOString().replace('T', ' ').slice(0, 19),
    time_ms: timeMs / 4,
    avg_reward: sums.reward / episodes
  }
  for (const [k, v] of Object.entries(sums)) if (!/_ms$/.test(k) && k !== 'reward') meta[`avg_${k}`] = v / episodes
  const metaText = JSON.stringify(meta)
  writeFileSync(join(outDir, rel, 'metadata.json'), metaText)
  return [
    { path: join(rel, 'results.jsonl'), bytes, episodes },
    { path: join(rel, 'metadata.json'), bytes: Buffer.byteLength(metaText), episodes: 0 }
  ]
}

/**
 * Generates (or reuses) the corpus under `outDir`. Only `outDir/outputs` and `outDir/manifest.json` are touched.
 * @param {{ outDir: string, totalMB?: number, seed?: number }} opts
 * @returns {{ reused: boolean, manifest: CorpusManifest }}
 */
export function generateVerifiersCorpus({ outDir, totalMB = 300, seed = 1 }) {
  const old = readManifest(outDir)
  if (old && reusable(outDir, old, totalMB, seed)) return { reused: true, manifest: old }
  rmSync(join(outDir, 'outputs'), { recursive: true, force: true })
  rmSync(join(outDir, 'manifest.json'), { force: true })
  mkdirSync(outDir, { recursive: true })
  const total = totalMB * 1e6
  const weights = CORPUS_RUNS.reduce((s, r) => s + r.weight, 0)
  const files = CORPUS_RUNS.flatMap((run) => writeRun(outDir, run, (total * run.weight) / weights, seed))
  /** @type {CorpusManifest} */
  const manifest = {
    generator: 'verifiers-corpus',
    version: CORPUS_VERSION,
    params: { totalMB, seed },
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    episodes: files.reduce((s, f) => s + f.episodes, 0)
  }
  // Written last: an interrupted run leaves no manifest, so the next call regenerates.
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return { reused: false, manifest }
}
