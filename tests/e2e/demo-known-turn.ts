/** A turn of the demo workspace found straight from its JSONL file, for specs that search for its text. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './server-fixture'

interface DemoRecord {
  task_id: string
  rollout: number
  messages: { role: string; content: unknown }[]
}

/** Record 5 of the base run: its last tool result with three long words in a row, and where that turn is. */
export function knownTurn(): { task: string; rollout: number; turn: number; phrase: string } {
  const lines = readFileSync(join(REPO_ROOT, 'resources/demo/repo-repair/base--qwen3-8b.jsonl'), 'utf8').split('\n')
  const r = JSON.parse(lines[5]) as DemoRecord
  for (let i = r.messages.length - 1; i >= 0; i--) {
    const m = r.messages[i]
    const found =
      m.role === 'tool' && typeof m.content === 'string'
        ? m.content.match(/[A-Za-z]{4,} [A-Za-z]{4,} [A-Za-z]{4,}/)
        : null
    if (found) return { task: r.task_id, rollout: r.rollout, turn: i, phrase: found[0] }
  }
  throw new Error('no tool result with a phrase in record 5')
}
