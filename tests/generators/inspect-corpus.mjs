/**
 * Synthetic Inspect AI benchmark corpus: `.eval` archives (deflate members, as Inspect writes them) of agentic samples
 * with bash tool calls and long observations, several epochs per sample. Writes one archive at a time (never the
 * whole corpus in memory) and reuses an existing corpus when manifest.json records the same parameters and sizes.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRng } from './prng.mjs'
import { block, sentence } from './corpus/text.mjs'
import { buildZip } from './zip-writer.mjs'

/** Bump when the generated content changes, so old corpora are regenerated. */
export const INSPECT_CORPUS_VERSION = 1
/** On-disk size aimed at per archive. */
const ARCHIVE_BYTES = 20e6
const EPOCHS = 2

/** @typedef {import('./inspect-corpus.d.mts').InspectCorpusManifest} InspectCorpusManifest */

/** @param {string} outDir @returns {InspectCorpusManifest | null} */
function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** @param {import('./prng.mjs').Rng} rng @param {number} id @param {number} epoch @param {string} model @param {number} seed */
function sample(rng, id, epoch, model, seed) {
  // the task text depends on the sample id only: every epoch of a sample is the same task
  const task = `Fix the failing test in module ${id}: ${sentence(createRng(`${seed}:task:${id}`))}`
  /** @type {object[]} */
  const messages = [
    {
      role: 'system',
      content: 'You are an agent in a sandbox. Use bash to inspect and fix the repository, then submit.'
    },
    { role: 'user', content: task, source: 'input' }
  ]
  const steps = rng.int(4, 14)
  for (let s = 0; s < steps; s++) {
    const id_ = `call_${id}_${epoch}_${s}`
    const cmd = rng.pick([
      'ls -la',
      'pytest -x -q',
      'cat src/module.py',
      'git diff',
      "grep -rn 'def ' src",
      'python -m build'
    ])
    messages.push({
      role: 'assistant',
      content: sentence(rng),
      source: 'generate',
      tool_calls: [{ id: id_, function: 'bash', arguments: { cmd }, type: 'function' }]
    })
    const long = rng.next() < 0.4
    messages.push({
      role: 'tool',
      tool_call_id: id_,
      function: 'bash',
      content: block(rng, long ? rng.int(2000, 30000) : rng.int(60, 800))
    })
  }
  const correct = rng.next() < 0.6
  messages.push({
    role: 'assistant',
    content: correct ? 'The test passes now. Submitting.' : 'I could not fix it.',
    source: 'generate'
  })
  return {
    id,
    epoch,
    input: task,
    target: 'tests pass',
    messages,
    output: {
      model,
      choices: [{ message: messages[messages.length - 1], stop_reason: 'stop' }],
      usage: { input_tokens: rng.int(2000, 40000), output_tokens: rng.int(100, 3000) }
    },
    scores: { verify: { value: correct ? 'C' : 'I', answer: correct ? 'pass' : 'fail' } },
    metadata: { difficulty: rng.pick(['easy', 'medium', 'hard']), repo: `repo-${id % 17}` },
    model_usage: { [model]: { input_tokens: rng.int(2000, 40000), output_tokens: rng.int(100, 3000) } },
    total_time: rng.float(5, 300),
    working_time: rng.float(5, 280),
    attachments: {}
  }
}

/**
 * Generates (or reuses) the corpus under outDir.
 * @param {{ outDir: string, totalMB?: number, seed?: number }} opts
 * @returns {{ reused: boolean, manifest: InspectCorpusManifest }}
 */
export function generateInspectCorpus({ outDir, totalMB = 100, seed = 1 }) {
  const prev = readManifest(outDir)
  const same =
    prev &&
    prev.version === INSPECT_CORPUS_VERSION &&
    prev.params.totalMB === totalMB &&
    prev.params.seed === seed &&
    prev.files.every((f) => existsSync(join(outDir, f.path)) && statSync(join(outDir, f.path)).size === f.bytes)
  if (same && prev) return { reused: true, manifest: prev }
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(join(outDir, 'logs'), { recursive: true })
  const budget = totalMB * 1e6
  /** @type {InspectCorpusManifest['files']} */
  const files = []
  let total = 0
  let nextId = 1
  for (let a = 0; total < budget; a++) {
    const rng = createRng(`${seed}:inspect:${a}`)
    const model = a % 2 === 0 ? 'openai/gpt-4.1-mini' : 'anthropic/claude-sonnet-4'
    const header = {
      version: 2,
      status: 'success',
      eval: {
        run_id: rng.hex(22),
        eval_id: rng.hex(22),
        task: 'repo-repair',
        task_id: rng.hex(22),
        created: `2026-01-${String((a % 28) + 1).padStart(2, '0')}T10:00:00+00:00`,
        model,
        dataset: { name: 'repo-repair' },
        config: { epochs: EPOCHS }
      },
      plan: { name: 'plan', steps: [{ solver: 'basic_agent', params: {} }] },
      results: { total_samples: 0, completed_samples: 0, scores: [] },
      stats: { started_at: '2026-01-01T10:00:00+00:00', completed_at: '2026-01-01T12:00:00+00:00', model_usage: {} }
    }
    /** @type {import('./zip-writer.d.mts').ZipMember[]} */
    const members = [{ name: '_journal/start.json', data: { version: 2, eval: header.eval, plan: header.plan } }]
    /** @type {object[]} */
    const summaries = []
    let raw = 0
    let episodes = 0
    // uncompressed text compresses ~3x: stop at about the on-disk target
    const archiveBudget = Math.min(ARCHIVE_BYTES, budget - total) * 3
    while (raw < archiveBudget) {
      const id = nextId++
      for (let epoch = 1; epoch <= EPOCHS; epoch++) {
        const s = sample(rng, id, epoch, model, seed)
        const text = JSON.stringify(s)
        raw += text.length
        episodes++
        members.push({ name: `samples/${id}_epoch_${epoch}.json`, data: text })
        summaries.push({ id, epoch, input: s.input, target: s.target, scores: s.scores })
      }
    }
    header.results.total_samples = header.results.completed_samples = episodes
    members.push(
      { name: '_journal/summaries/1.json', data: summaries },
      { name: 'summaries.json', data: summaries },
      { name: 'header.json', data: header }
    )
    const rel = join('logs', `2026-01-01T10-00-00+00-00_repo-repair_${String(a).padStart(3, '0')}.eval`)
    const bytes = buildZip(members)
    writeFileSync(join(outDir, rel), bytes)
    files.push({ path: rel, bytes: bytes.length, episodes, uncompressedBytes: raw })
    total += bytes.length
  }
  const manifest = {
    generator: 'inspect-corpus',
    version: INSPECT_CORPUS_VERSION,
    params: { totalMB, seed },
    files,
    totalBytes: total,
    episodes: files.reduce((n, f) => n + f.episodes, 0)
  }
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return { reused: false, manifest }
}
