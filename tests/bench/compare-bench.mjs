/**
 * PRODUCT.md §4 "comparing two runs of 100k tasks < 1 s": two generated chat-JSONL runs of the same `tasks` tasks
 * (one short episode each, a reward, a difficulty), indexed through the CLI, then `rollscope compare A B --json`
 * timed as a fresh process (median of 3) with the CLI's start-up (`--version`) subtracted.
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRng } from '../generators/prng.mjs'
import { jsonOf, median, runCli } from './cli-child.mjs'

/**
 * @typedef {object} CompareFigures
 * @property {number} tasks per run
 * @property {number} sharedTasks what the CLI reported
 * @property {number} wallMs `compare --json` wall time, median of 3
 * @property {number} startupMs `--version` wall time, median of 3
 * @property {number} ms wall minus start-up
 * @property {string} ciMethod
 * @property {number} target ms
 * @property {string} verdict
 */

/** Writes one run's results file (reused when present: the content depends only on `tasks` and `skill`). */
function writeRun(/** @type {string} */ dir, /** @type {number} */ tasks, /** @type {number} */ skill) {
  const file = join(dir, 'results.jsonl')
  if (existsSync(file)) return file
  mkdirSync(dir, { recursive: true })
  const rng = createRng(`compare:${tasks}:${skill}`)
  const fd = openSync(file + '.tmp', 'w')
  const levels = ['easy', 'medium', 'hard']
  let buf = ''
  for (let i = 0; i < tasks; i++) {
    const reward = Math.min(1, Math.max(0, rng.gaussian(skill, 0.3)))
    const row = {
      task_id: `task-${i}`,
      messages: [
        { role: 'user', content: `Solve task ${i}.` },
        { role: 'assistant', content: 'Done.' }
      ],
      reward: Math.round(reward * 1000) / 1000,
      info: { difficulty: levels[i % 3] }
    }
    buf += JSON.stringify(row) + '\n'
    if (buf.length > 1 << 20) {
      writeSync(fd, buf)
      buf = ''
    }
  }
  writeSync(fd, buf)
  closeSync(fd)
  // renamed last, so an interrupted write is never reused
  renameSync(file + '.tmp', file)
  return file
}

/**
 * @param {string} cli @param {string} outDir cache folder for the generated runs
 * @param {(msg: string) => void} log @param {number} tasks
 * @returns {Promise<CompareFigures>}
 */
export async function measureCompare(cli, outDir, log, tasks) {
  log(`compare: two runs of ${tasks} tasks in ${outDir}`)
  writeRun(join(outDir, `base-${tasks}`), tasks, 0.45)
  writeRun(join(outDir, `trained-${tasks}`), tasks, 0.55)
  const dbDir = mkdtempSync(join(tmpdir(), 'rollscope-compare-bench-'))
  const db = join(dbDir, 'bench.db')
  try {
    const indexed = await runCli(cli, ['index', outDir, '--db', db, '--json'])
    jsonOf(indexed, 'index (compare corpus)')
    /** @type {{ id: string, source: string }[]} */
    const runs = jsonOf(await runCli(cli, ['runs', '--db', db, '--json']), 'runs (compare corpus)')
    const idOf = (/** @type {string} */ part) => {
      const r = runs.find((x) => x.source.includes(`${part}-${tasks}`))
      if (!r) throw new Error(`compare bench: no run for ${part}`)
      return r.id
    }
    const args = ['compare', idOf('base'), idOf('trained'), '--db', db, '--json']
    const first = jsonOf(await runCli(cli, args), 'compare')
    const wall = []
    const startup = []
    for (let i = 0; i < 3; i++) {
      wall.push((await runCli(cli, args)).wallMs)
      startup.push((await runCli(cli, ['--version'])).wallMs)
    }
    const wallMs = median(wall)
    const startupMs = median(startup)
    const ms = wallMs - startupMs
    return {
      tasks,
      sharedTasks: first.sharedTasks,
      wallMs,
      startupMs,
      ms,
      ciMethod: first.ci?.method ?? '?',
      target: 1000,
      verdict: ms < 1000 ? 'PASS' : 'BELOW'
    }
  } finally {
    rmSync(dbDir, { recursive: true, force: true })
  }
}
