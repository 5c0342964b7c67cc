/**
 * Live tail beyond JSONL: a new trajectory file in a new instance folder of a watched run, and a
 * harness report written after the trajectories (a companion file that changes their rewards).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { buildZip, type ZipMember } from '../../generators/zip-writer.mjs'

const MINI = fixture('mini-swe-agent/output/deepseek_chat_dev')
const RUN_REPORT = fixture('mini-swe-agent/deepseek__deepseek-chat.deepseek_chat_dev.json')
const SQLFLUFF = 'sqlfluff__sqlfluff-2419'
const PYDICOM = 'pydicom__pydicom-901'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

function watchedEngine(): { dir: string; e: Engine } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-tail-fmt-'))
  engine = createEngine({
    dbPath: join(dir, 'app.db'),
    mode: 'browser',
    demoPath: null,
    version: 't',
    indexer: 'inline',
    watch: true
  })
  return { dir, e: engine }
}

/** Writes one instance's trajectory the way mini-swe-agent does: a new folder, then the file. */
function addTrajectory(out: string, id: string): void {
  mkdirSync(join(out, id), { recursive: true })
  copyFileSync(join(MINI, id, `${id}.traj.json`), join(out, id, `${id}.traj.json`))
}

const rewardsByTask = async (e: Engine): Promise<[string, number | null][]> => {
  const runs = (await e.api.listRuns()).filter((r) => r.format === 'mini-swe-agent')
  if (runs.length !== 1) return []
  const page = await e.api.listEpisodes({ runId: runs[0].id, sort: 'taskKey', limit: 100 })
  return page.items.map((x) => [x.taskKey, x.reward])
}

/**
 * The run once its report is read: since issue 12 every instance the report lists as submitted is an episode
 * (23, the 21 without a trajectory here results-only), reward 1 when resolved; before, only the 2 trajectories.
 */
const harnessRewards = (): [string, number][] => {
  const r = JSON.parse(readFileSync(RUN_REPORT, 'utf8')) as { submitted_ids: string[]; resolved_ids: string[] }
  return [...r.submitted_ids].sort().map((id) => [id, r.resolved_ids.includes(id) ? 1 : 0])
}

describe('live tail of trajectory runs', () => {
  it('a new .traj.json in a new instance folder joins the open run within 2 s; a late run report sets the rewards', async () => {
    const { dir, e } = watchedEngine()
    const work = join(dir, 'work')
    const out = join(work, 'output', 'deepseek_chat_dev')
    addTrajectory(out, SQLFLUFF)
    await e.indexPaths([work])
    expect(await rewardsByTask(e)).toEqual([[SQLFLUFF, null]]) // not evaluated yet

    let started = Date.now()
    addTrajectory(out, PYDICOM)
    await vi.waitFor(async () => expect(await rewardsByTask(e)).toHaveLength(2), { timeout: 2000, interval: 50 })
    expect(Date.now() - started).toBeLessThan(2000)

    // the harness finishes: its run report lands two levels above the run folder
    started = Date.now()
    writeFileSync(join(work, 'deepseek__deepseek-chat.deepseek_chat_dev.json'), readFileSync(RUN_REPORT))
    // resolved_ids of the report: sqlfluff-2419 resolved, pydicom-901 not (and the 21 instances without a trajectory)
    await vi.waitFor(async () => expect(await rewardsByTask(e)).toEqual(harnessRewards()), {
      timeout: 2000,
      interval: 50
    })
    expect(harnessRewards().filter(([id]) => id === PYDICOM || id === SQLFLUFF)).toEqual([
      [PYDICOM, 0],
      [SQLFLUFF, 1]
    ])
    expect(Date.now() - started).toBeLessThan(2000)
    const ws = await e.api.getWorkspace()
    expect(ws.sources.map((s) => s.state).sort()).toEqual(['indexed', 'indexed', 'sidecar'])
  })

  it('a full re-index after a report appeared lists each trace once, as indexed (read again), not also as unchanged', async () => {
    const { dir, e } = watchedEngine()
    const work = join(dir, 'work')
    const out = join(work, 'output', 'deepseek_chat_dev')
    addTrajectory(out, SQLFLUFF)
    addTrajectory(out, PYDICOM)
    await e.indexPaths([work])
    await e.close() // no watcher: the report arrives while the app is closed
    engine = createEngine({ dbPath: join(dir, 'app.db'), mode: 'cli', demoPath: null, version: 't', indexer: 'inline' })
    writeFileSync(join(work, 'deepseek__deepseek-chat.deepseek_chat_dev.json'), readFileSync(RUN_REPORT))
    const again = await engine.indexPaths([work])
    expect(again.files.map((f) => f.state).sort()).toEqual(['indexed', 'indexed', 'sidecar'])
    expect(again.skipped).toBe(0)
    expect(await rewardsByTask(engine)).toEqual(harnessRewards())
  })
})

describe('live tail of a running Inspect eval', () => {
  it('a sample the running eval adds to its .eval shows up within 2 s', async () => {
    const { dir, e } = watchedEngine()
    const logs = join(dir, 'logs')
    mkdirSync(logs)
    const start = {
      version: 2,
      status: 'started',
      eval: { task: 'live', model: 'm/x', created: '2026-01-01T00:00:00+00:00' },
      plan: {}
    }
    const sample = (id: number): ZipMember => ({
      name: `samples/${id}_epoch_1.json`,
      data: {
        id,
        epoch: 1,
        input: `q${id}`,
        messages: [
          { role: 'user', content: `q${id}` },
          { role: 'assistant', content: 'a' }
        ],
        scores: { s: { value: 'C' } }
      }
    })
    const file = join(logs, 'live.eval')
    const members: ZipMember[] = [{ name: '_journal/start.json', data: start }, sample(1)]
    writeFileSync(file, buildZip(members))
    await e.indexPaths([logs])
    expect((await e.api.listRuns())[0].episodes).toBe(1)
    const started = Date.now()
    members.push(sample(2), {
      name: '_journal/summaries/1.json',
      data: [
        { id: 1, epoch: 1 },
        { id: 2, epoch: 1 }
      ]
    })
    writeFileSync(file, buildZip(members))
    await vi.waitFor(async () => expect((await e.api.listRuns())[0]?.episodes).toBe(2), { timeout: 2000, interval: 50 })
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
