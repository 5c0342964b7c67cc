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
