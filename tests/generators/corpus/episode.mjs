/** One verifiers-style `results.jsonl` row (late-Sep-2025 era: `id`, `*_ms` timings, flattened metrics). */
import { block, sentence, words } from './text.mjs'

/** @typedef {import('../prng.mjs').Rng} Rng */

/**
 * @typedef {object} CorpusRun
 * @property {string} env
 * @property {string} model
 * @property {string} tool name of the env's tool
 * @property {boolean} stringToolCalls tool calls as JSON-encoded strings (Sep-2025 math-python) instead of dicts
 * @property {boolean} feedback environment feedback as user-role messages inside the completion (game-style envs)
 * @property {number} rpe rollouts per example
 * @property {number} skill probability that an episode is correct
 * @property {string} system system prompt
 */

/** OpenAI tool definition of a run's tool. @param {CorpusRun} run */
export function oaiTool(run) {
  return {
    type: 'function',
    function: {
      name: run.tool,
      description: `Execute \`${run.tool === 'python' ? 'code' : 'command'}\` in the ${run.env} environment.`,
      parameters: {
        type: 'object',
        properties: { [run.tool === 'python' ? 'code' : 'command']: { type: 'string' } },
        required: [run.tool === 'python' ? 'code' : 'command'],
        additionalProperties: false
      }
    }
  }
}

/** A tool observation: 45% long (2–50 KB, code/log-like), the rest short. @param {Rng} rng */
function observation(rng) {
  if (rng.next() < 0.45) return block(rng, 2000 + Math.floor(rng.next() * 48000))
  return rng.next() < 0.5
    ? `Out[${Math.floor(rng.next() * 40)}]: ${(rng.next() * 1000).toFixed(3)}`
    : block(rng, 60 + Math.floor(rng.next() * 1400))
}

/**
 * Builds one row. `example` is the example index (`id`); the example's own rng makes prompt and answer identical
 * across its rollouts, as in real files.
 * @param {CorpusRun} run @param {number} example @param {Rng} exampleRng @param {Rng} rng
 */
export function buildRow(run, example, exampleRng, rng) {
  const er = exampleRng
  const question = `${sentence(er)} ${sentence(er)} Compute the ${words(er, 2)} for case ${example} and report it.`
  const answer = String(Math.floor(er.next() * 10000) / 100)
  const prompt = [
    { content: run.system, role: 'system' },
    { content: question, role: 'user' }
  ]
  const argKey = run.tool === 'python' ? 'code' : 'command'
  const turns = 2 + Math.floor(rng.next() * 13)
  const completion = []
  let calls = 0
  for (let t = 0; t < turns; t++) {
    if (run.feedback && rng.next() < 0.3) {
      completion.push({ content: rng.next() < 0.5 ? sentence(rng) : 'Let me try another approach.', role: 'assistant' })
      completion.push({ content: `\n${words(rng, 5)}\nYou have ${turns - t} attempts left.`, role: 'user' })
      continue
    }
    const id = `call_${rng.hex(24)}`
    const fn = {
      arguments: JSON.stringify({ [argKey]: block(rng, 40 + Math.floor(rng.next() * 400)) }),
      name: run.tool
    }
    const call = { id, function: fn, type: 'function' }
    calls++
    completion.push({
      content: rng.next() < 0.7 ? '' : sentence(rng),
      role: 'assistant',
      tool_calls: [run.stringToolCalls ? JSON.stringify(call) : call]
    })
    completion.push(
      run.stringToolCalls
        ? { content: observation(rng), role: 'tool', tool_calls: null }
        : { content: observation(rng), role: 'tool', tool_call_id: id }
    )
  }
  const correct = rng.next() < run.skill ? 1 : 0
  completion.push({
    content: `${sentence(rng)}\n\\boxed{${correct ? answer : (Math.floor(rng.next() * 10000) / 100).toString()}}`,
    role: 'assistant',
    tool_calls: null
  })
  const generation = 800 + rng.next() * 30000
  const scoring = rng.next() * 5
  return {
    id: example,
    prompt,
    completion,
    task: 'default',
    generation_ms: generation,
    scoring_ms: scoring,
    total_ms: generation + scoring + rng.next(),
    info: { oai_tools: [oaiTool(run)], env_version: '0.1.3' },
    answer,
    reward: correct,
    total_tool_calls: calls,
    [`${run.tool}_calls`]: calls,
    correct_answer_reward_func: correct
  }
}
