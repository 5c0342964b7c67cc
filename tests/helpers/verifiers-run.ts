/** Small verifiers-style run folders (`<env>--<model>/<id>/results.jsonl + metadata.json`) written by tests. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** One verifiers record: a prompt, a completion, a reward. `tag` makes the content differ between runs. */
export function verifiersRow(task: number, reward: number, tag = ''): string {
  return JSON.stringify({
    id: task,
    prompt: [{ role: 'user', content: `Task ${task}: add ${task} and ${task + 1}.` }],
    completion: [{ role: 'assistant', content: `The answer is \\boxed{${2 * task + 1}}.${tag}` }],
    answer: String(2 * task + 1),
    task: 'adder',
    reward
  })
}

/** Writes a run folder with `tasks` records (rewards alternate 1, 0) and its metadata.json; returns the folder. */
export function writeVerifiersRun(
  parent: string,
  name: string,
  options: { tasks?: number; tag?: string; metadata?: boolean } = {}
): string {
  const dir = join(parent, name)
  mkdirSync(dir, { recursive: true })
  const tasks = options.tasks ?? 4
  const rows = Array.from({ length: tasks }, (_, i) => verifiersRow(i, i % 2 === 0 ? 1 : 0, options.tag ?? ''))
  writeFileSync(join(dir, 'results.jsonl'), rows.join('\n') + '\n')
  if (options.metadata !== false)
    writeFileSync(
      join(dir, 'metadata.json'),
      JSON.stringify({ env: 'adder', model: name, num_examples: tasks, rollouts_per_example: 1, date: '2026-01-01' })
    )
  return dir
}

const WORDS = (
  'agent tool call result error timeout retry patch test pass fail file read write search query answer reason ' +
  'step plan check list parse value number string python bash output input model reward episode rollout task'
).split(' ')

/**
 * A run of `tasks` multi-turn records of about `kb` KB each (seeded words, so the full-text index has real work),
 * for tests that need a job to last long enough to be killed in the middle.
 */
export function writeBulkyVerifiersRun(
  parent: string,
  name: string,
  options: { tasks: number; kb: number; seed: number }
): string {
  const dir = join(parent, name)
  mkdirSync(dir, { recursive: true })
  let state = options.seed >>> 0 || 1
  const next = (): number => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  const text = (words: number): string =>
    Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ')
  const turnWords = Math.max(20, Math.round((options.kb * 1024) / 6 / 6))
  const rows: string[] = []
  for (let i = 0; i < options.tasks; i++) {
    const completion = []
    for (let t = 0; t < 3; t++) {
      completion.push({ role: 'assistant', content: text(turnWords) })
      completion.push({ role: 'user', content: `observation ${t}: ${text(turnWords)}` })
    }
    rows.push(
      JSON.stringify({
        id: i,
        prompt: [{ role: 'user', content: `Task ${i} of ${name}: ${text(12)}` }],
        completion,
        answer: String(i),
        task: 'bulk',
        reward: next() < 0.5 ? 1 : 0
      })
    )
  }
  writeFileSync(join(dir, 'results.jsonl'), rows.join('\n') + '\n')
  writeFileSync(
    join(dir, 'metadata.json'),
    JSON.stringify({ env: 'bulk', model: name, num_examples: options.tasks, rollouts_per_example: 1 })
  )
  return dir
}
