/**
 * One very long verifiers-style episode (PRODUCT.md §4: "an episode of 2,000 turns / 10 MB first painted in
 * < 150 ms"): `outputs/evals/long-horizon--qwen3-8b-agent/<8hex>/results.jsonl + metadata.json`. Record 0 is the long
 * episode (system + user prompt, then assistant tool calls and tool results, an environment reminder now and then,
 * a final answer); records 1.. are a few short episodes of the same run, so the run looks like a real one.
 * Observations mix multi-KB pytest runs with ANSI colours, coloured git diffs, source listings, logs and short outputs;
 * some assistant messages hold fenced code blocks or reasoning. Seeded: same parameters, same bytes.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRng } from './prng.mjs'
import { block, sentence, word, words } from './corpus/text.mjs'

/** Bump when the generated content changes, so an old copy is regenerated. */
export const LONG_EPISODE_VERSION = 1

export const LONG_EPISODE_ENV = 'long-horizon'
export const LONG_EPISODE_MODEL = 'qwen3-8b-agent'

const SYSTEM =
  'You are an autonomous software agent in a sandboxed repository. Use the bash tool to inspect, edit and test the code. Keep going until every test passes, then answer inside \\boxed{}.'
const TOOL = {
  type: 'function',
  function: {
    name: 'bash',
    description: 'Execute `command` in the repository sandbox.',
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
      additionalProperties: false
    }
  }
}
/** Every this many tool steps the environment reminds the agent of its budget (a user-role observation). */
const REMINDER_EVERY = 100
const FILES = [
  'src/cache.py',
  'src/parser.py',
  'src/worker.py',
  'src/index.py',
  'src/config.py',
  'tests/test_cache.py',
  'tests/test_parser.py'
]
const ESC = '\u001b'

/**
 * @typedef {object} LongEpisodeManifest
 * @property {string} generator
 * @property {number} version
 * @property {{ turns: number, mb: number, seed: number, shortEpisodes: number }} params
 * @property {string} results relative path of results.jsonl
 * @property {string} metadata relative path of metadata.json
 * @property {number} totalBytes size of results.jsonl
 * @property {number} episodes records in results.jsonl
 * @property {{ record: number, turns: number, bytes: number, toolCalls: number, lastText: string }} long
 *   the long episode: its record number, turn count (prompt included), size of its line, and its final answer text
 */

/** @typedef {import('./prng.mjs').Rng} Rng */

/** Characters of `lines` joined by newlines, remembered per array so growing a listing stays linear. */
const sizes = new WeakMap()
/** @param {string[]} lines */
function textSize(lines) {
  const seen = sizes.get(lines) ?? { n: 0, chars: 0 }
  for (; seen.n < lines.length; seen.n++) seen.chars += lines[seen.n].length + 1
  sizes.set(lines, seen)
  return seen.chars
}

/** A Python-like source listing, as `cat FILE` prints it. @param {Rng} rng @param {number} size */
function sourceListing(rng, size) {
  const lines = [`"""${sentence(rng)}"""`, 'from __future__ import annotations', 'import json', '']
  let n = 0
  while (textSize(lines) < size) {
    const name = `${word(rng).replace(/\W/g, '') || 'step'}_${n++}`
    lines.push(`def ${name}(rows, limit=${rng.int(1, 500)}):`, `    """${sentence(rng)}"""`, '    out = []')
    for (let i = rng.int(1, 6); i > 0; i--)
      lines.push(
        `    if len(out) > limit:`,
        `        break`,
        `    out.append(rows[${rng.int(0, 63)}])  # ${words(rng, 3)}`
      )
    lines.push('    return out', '')
  }
  return lines.join('\n')
}

/** pytest output with terminal colours, about `size` characters. @param {Rng} rng @param {number} size */
function pytestRun(rng, size) {
  const lines = [
    `${ESC}[1m============================= test session starts ==============================${ESC}[0m`,
    'platform linux -- Python 3.11.9, pytest-8.3.3',
    `collected ${rng.int(20, 400)} items`,
    ''
  ]
  let failed = 0
  let passed = 0
  let k = 0
  while (textSize(lines) < size) {
    const ok = rng.chance(0.85)
    if (ok) passed++
    else failed++
    const test = `tests/test_${word(rng).replace(/\W/g, 'x')}.py::test_${word(rng).replace(/\W/g, 'x')}_${k++}`
    lines.push(
      `${test} ${ok ? `${ESC}[32mPASSED${ESC}[0m` : `${ESC}[31mFAILED${ESC}[0m`} [${String(k % 100).padStart(3)}%]`
    )
    if (!ok)
      lines.push(`${ESC}[31mE       AssertionError: expected ${rng.int(0, 99)} got ${rng.int(100, 999)}${ESC}[0m`)
  }
  const colour = failed ? '31' : '32'
  lines.push(
    `${ESC}[${colour};1m======= ${failed} failed, ${passed} passed in ${rng.float(0.2, 40).toFixed(2)}s =======${ESC}[0m`
  )
  return lines.join('\n')
}

/** `git diff` with colours. @param {Rng} rng @param {number} size */
function gitDiff(rng, size) {
  const file = rng.pick(FILES)
  const lines = [
    `${ESC}[1mdiff --git a/${file} b/${file}${ESC}[m`,
    `${ESC}[1m--- a/${file}${ESC}[m`,
    `${ESC}[1m+++ b/${file}${ESC}[m`
  ]
  while (textSize(lines) < size) {
    lines.push(`${ESC}[36m@@ -${rng.int(1, 900)},7 +${rng.int(1, 900)},8 @@${ESC}[m`)
    for (let i = rng.int(2, 6); i > 0; i--) {
      const kind = rng.int(0, 2)
      const text = `    ${words(rng, rng.int(3, 9))}`
      lines.push(kind === 0 ? ` ${text}` : kind === 1 ? `${ESC}[31m-${text}${ESC}[m` : `${ESC}[32m+${text}${ESC}[m`)
    }
  }
  return lines.join('\n')
}

/**
 * A tool observation of about `size` characters and the command that produced it.
 * @param {Rng} rng @param {number} size @returns {{ command: string, output: string }}
 */
function observation(rng, size) {
  if (size < 400) {
    const short = [
      () => ({
        command: `ls ${rng.pick(['src', 'tests', '.'])}`,
        output: FILES.map((f) => f.split('/').pop()).join('\n')
      }),
      () => ({ command: `python -c "print(${rng.int(1, 99)} * ${rng.int(1, 99)})"`, output: String(rng.int(1, 9801)) }),
      () => ({ command: `sed -i 's/${word(rng)}/${word(rng)}/' ${rng.pick(FILES)}`, output: '' }),
      () => ({ command: `grep -n "${word(rng)}" ${rng.pick(FILES)}`, output: block(rng, Math.max(40, size)) })
    ]
    return rng.pick(short)()
  }
  const file = rng.pick(FILES)
  switch (rng.int(0, 4)) {
    case 0:
      return { command: 'python -m pytest -x --color=yes', output: pytestRun(rng, size) }
    case 1:
      return { command: 'git diff --color=always', output: gitDiff(rng, size) }
    case 2:
      return { command: `cat ${file}`, output: sourceListing(rng, size) }
    default:
      return { command: `tail -n 400 logs/worker.log`, output: block(rng, size) }
  }
}

/** What the assistant says before a call: mostly nothing, sometimes prose, sometimes a fenced code block. @param {Rng} rng */
function assistantText(rng) {
  const r = rng.next()
  if (r < 0.55) return ''
  if (r < 0.85) return `${sentence(rng)} ${sentence(rng)}`
  return `${sentence(rng)}\n\n\`\`\`python\n${sourceListing(rng, rng.int(150, 900))}\n\`\`\`\n\n${sentence(rng)}`
}

/**
 * The completion of one episode: `turns` minus the two prompt messages, ending with the final answer. Observation
 * sizes follow the byte budget (`bytes` for the whole line, `promptBytes` already spent) so the line lands near it.
 * @param {Rng} rng @param {number} turns @param {number} bytes @param {number} promptBytes @param {string} answer
 */
function buildCompletion(rng, turns, bytes, promptBytes, answer) {
  const completion = []
  const target = turns - 2
  let spent = promptBytes
  let steps = 0
  let reminded = true
  const push = (/** @type {Record<string, unknown>} */ m) => {
    completion.push(m)
    spent += Buffer.byteLength(JSON.stringify(m)) + 1
  }
  // One message is kept for the final answer.
  while (completion.length < target - 1) {
    const left = target - 1 - completion.length
    if (left === 1 || (!reminded && steps % REMINDER_EVERY === 0)) {
      push({ role: 'user', content: `You have ${Math.max(1, Math.floor(left / 2))} tool calls left. ${sentence(rng)}` })
      reminded = true
      continue
    }
    // Half the observations are short; the long ones share what is left of the budget (1% are huge, 100-200 KB).
    const longLeft = Math.max(1, left / 4)
    const perLong = Math.max(1500, (bytes - spent - (left / 4) * 200) / longLeft)
    const size = rng.chance(0.5)
      ? rng.int(20, 300)
      : rng.chance(0.01)
        ? rng.int(100_000, 200_000)
        : Math.round(perLong * rng.float(0.3, 1.7))
    const { command, output } = observation(rng, size)
    const id = `call_${rng.hex(24)}`
    /** @type {Record<string, unknown>} */
    const call = {
      role: 'assistant',
      content: assistantText(rng),
      tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } }]
    }
    if (rng.chance(0.1)) call.reasoning_content = `${sentence(rng)} ${sentence(rng)} ${sentence(rng)}`
    push(call)
    push({ role: 'tool', content: output, tool_call_id: id })
    steps++
    reminded = false
  }
  push({
    role: 'assistant',
    content: `All tests pass after ${steps} commands. ${sentence(rng)}\n\\boxed{${answer}}`,
    tool_calls: null
  })
  return { completion, toolCalls: steps }
}

/** One results.jsonl row. @param {Rng} rng @param {number} id @param {number} turns @param {number} bytes */
function buildRow(rng, id, turns, bytes) {
  const answer = `fixed-${rng.hex(6)}`
  const prompt = [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `Task ${id}: ${sentence(rng)} ${sentence(rng)} Make \`python -m pytest\` pass without changing the tests.`
    }
  ]
  const { completion, toolCalls } = buildCompletion(
    rng,
    turns,
    bytes,
    Buffer.byteLength(JSON.stringify(prompt)) + 200,
    answer
  )
  const generation = 1000 * turns * rng.float(0.5, 2)
  return {
    id,
    prompt,
    completion,
    task: 'default',
    generation_ms: generation,
    scoring_ms: rng.float(10, 900),
    total_ms: generation + 1000,
    info: { oai_tools: [TOOL], env_version: '0.2.0' },
    answer,
    reward: 1,
    total_tool_calls: toolCalls,
    bash_calls: toolCalls,
    correct_answer_reward_func: 1
  }
}

/** @param {string} outDir @returns {LongEpisodeManifest | null} */
function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/**
 * Generates (or reuses, when manifest.json records the same parameters and the file is intact) the long episode's
 * run under `outDir`. Only `outDir/outputs` and `outDir/manifest.json` are touched.
 * @param {{ outDir: string, turns?: number, mb?: number, seed?: number, shortEpisodes?: number }} opts
 * @returns {{ reused: boolean, manifest: LongEpisodeManifest }}
 */
export function generateLongEpisode({ outDir, turns = 2000, mb = 10, seed = 1, shortEpisodes = 2 }) {
  if (!Number.isInteger(turns) || turns < 4) throw new Error(`turns must be an integer >= 4, got ${turns}`)
  const params = { turns, mb, seed, shortEpisodes }
  const old = readManifest(outDir)
  if (old && old.version === LONG_EPISODE_VERSION && JSON.stringify(old.params) === JSON.stringify(params)) {
    const p = join(outDir, old.results)
    if (existsSync(p) && statSync(p).size === old.totalBytes && existsSync(join(outDir, old.metadata)))
      return { reused: true, manifest: old }
  }
  rmSync(join(outDir, 'outputs'), { recursive: true, force: true })
  rmSync(join(outDir, 'manifest.json'), { force: true })
  const rng = createRng(`${seed}:long-episode`)
  const rel = join('outputs', 'evals', `${LONG_EPISODE_ENV}--${LONG_EPISODE_MODEL}`, rng.hex(8))
  mkdirSync(join(outDir, rel), { recursive: true })

  const rows = [buildRow(rng.fork('long'), 0, turns, mb * 1e6)]
  for (let i = 1; i <= shortEpisodes; i++) {
    const r = rng.fork(`short:${i}`)
    rows.push(buildRow(r, i, 2 * r.int(6, 20), r.int(20_000, 120_000)))
  }
  const lines = rows.map((r) => JSON.stringify(r) + '\n')
  const text = lines.join('')
  writeFileSync(join(outDir, rel, 'results.jsonl'), text)
  const meta = {
    env: LONG_EPISODE_ENV,
    model: LONG_EPISODE_MODEL,
    num_examples: rows.length,
    rollouts_per_example: 1,
    sampling_args: { max_tokens: 8192, temperature: 0.6 },
    date: '2025-10-02 09:14:00',
    time_ms: rows.reduce((s, r) => s + r.total_ms, 0),
    avg_reward: 1,
    avg_total_tool_calls: rows.reduce((s, r) => s + r.total_tool_calls, 0) / rows.length
  }
  writeFileSync(join(outDir, rel, 'metadata.json'), JSON.stringify(meta))
  const long = rows[0]
  /** @type {LongEpisodeManifest} */
  const manifest = {
    generator: 'long-episode',
    version: LONG_EPISODE_VERSION,
    params,
    results: join(rel, 'results.jsonl'),
    metadata: join(rel, 'metadata.json'),
    totalBytes: Buffer.byteLength(text),
    episodes: rows.length,
    long: {
      record: 0,
      turns: long.prompt.length + long.completion.length,
      bytes: Buffer.byteLength(lines[0]),
      toolCalls: long.total_tool_calls,
      lastText: String(long.completion[long.completion.length - 1].content)
    }
  }
  // Written last: an interrupted run leaves no manifest, so the next call regenerates.
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return { reused: false, manifest }
}
