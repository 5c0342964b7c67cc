/**
 * Issue 12, SWE-bench: a run's headline equals the harness's own `resolved_instances / submitted_instances`, and
 * every instance the harness scored is an episode, also when its trajectory is not on disk (a results-only
 * episode). Through the real engine over the own fixture `tests/fixtures/swe-bench/report-without-trajectories/`
 * (README there: 23 submitted, 5 resolved, 2 empty patches, 1 error, 2 trajectories on disk); every expected
 * number is computed here from the report file, the way the harness counts.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const ROOT = ownFixture('swe-bench/report-without-trajectories')
const RUN_NAME = 'gpt5_mini_lite'
const REPORT_NAME = 'openai__gpt-5-mini.gpt5_mini_lite.json'

interface Report {
  submitted_instances: number
  resolved_instances: number
  submitted_ids: string[]
  resolved_ids: string[]
  unresolved_ids: string[]
  empty_patch_ids: string[]
  error_ids: string[]
}
const report = JSON.parse(readFileSync(join(ROOT, REPORT_NAME), 'utf8')) as Report
const onDisk = (dir: string, id: string): boolean => existsSync(join(dir, id, `${id}.traj.json`))
const trajectories = report.submitted_ids.filter((id) => onDisk(join(ROOT, RUN_NAME), id))

let engine: Engine | null = null
/** Temp copies of the fixture, removed after each test. */
const copies: string[] = []
afterEach(async () => {
  await engine?.close()
  engine = null
  while (copies.length) rmSync(copies.pop()!, { recursive: true, force: true })
})

async function theRun(e: Engine): Promise<RunSummary> {
  const runs = (await e.api.listRuns()).filter((r) => r.name === RUN_NAME)
  expect(runs).toHaveLength(1)
  return runs[0]
}

/** A copy of the fixture (report and run folder) in a temp folder. */
function copyFixture(withReport: boolean): string {
  const dest = mkdtempSync(join(tmpdir(), 'rs-swe-parity-'))
  copies.push(dest)
  cpSync(join(ROOT, RUN_NAME), join(dest, RUN_NAME), { recursive: true })
  if (withReport) cpSync(join(ROOT, REPORT_NAME), join(dest, REPORT_NAME))
  return dest
}

/** The figures a run must show: computed from the report as the harness counts (every non-resolved one a failure). */
async function expectHarnessFigures(e: Engine, extraTrajectories = 0): Promise<RunSummary> {
  const run = await theRun(e)
  const submitted = report.submitted_ids.length
  expect(submitted).toBe(report.submitted_instances)
  expect(run.episodes).toBe(submitted + extraTrajectories)
  // the mean comes from a running sum (stats/describe.ts): equal to the harness's figure up to float rounding
  expect(run.meanReward).toBeCloseTo(report.resolved_instances / report.submitted_instances, 12)
  expect(run.passRate).toBeCloseTo(report.resolved_instances / report.submitted_instances, 12)
  expect(run.perfectRate!).toBeLessThanOrEqual(run.passRate!)
  expect(run.scored).toBe(submitted)
  expect(run.noTranscript).toBe(submitted - trajectories.length)
  expect(run.headlines).toHaveLength(1)
  expect(run.headlines[0]).toMatchObject({
    label: 'resolved / submitted',
    value: report.resolved_instances / report.submitted_instances,
    source: `${REPORT_NAME} resolved_instances / submitted_instances (${report.resolved_instances} / ${report.submitted_instances})`,
    agrees: true,
    note: null
  })
  return run
}

describe('swe-bench parity: a report over 23 instances, 2 trajectories on disk', () => {
  it('every submitted instance is an episode; mean and pass rate = resolved / submitted; errors and empty patches named', async () => {
    engine = tempEngine().engine
    const indexed = await engine.indexPaths([ROOT])
    expect(indexed.failed).toBe(0)
    const states = Object.fromEntries(indexed.files.map((f) => [f.path.slice(ROOT.length + 1), [f.state, f.episodes]]))
    // the report and the predictions stay sidecars; the first submitted instance with a trajectory holds the rest
    const owner = trajectories[0]
    expect(states).toEqual({
      [REPORT_NAME]: ['sidecar', 0],
      [`${RUN_NAME}/preds.json`]: ['sidecar', 0],
      [`${RUN_NAME}/${owner}/${owner}.traj.json`]: ['indexed', 1 + report.submitted_ids.length - trajectories.length],
      [`${RUN_NAME}/${trajectories[1]}/${trajectories[1]}.traj.json`]: ['indexed', 1]
    })

    const run = await expectHarnessFigures(engine)
    expect(run.tasks).toBe(report.submitted_ids.length)
    const reasons = [
      { reason: 'empty patch', count: report.empty_patch_ids.length, countedAs: 'failure' },
      { reason: 'error', count: report.error_ids.length, countedAs: 'failure' }
    ]
    const count = report.empty_patch_ids.length + report.error_ids.length
    expect(run.unscored).toEqual({
      count,
      reasons,
      countedAs: 'failure',
      producer: 'the SWE-bench harness',
      note: `${count} of ${report.submitted_ids.length} instances have no result: empty patch ${reasons[0].count}, error ${reasons[1].count}; counted as failures (reward 0), as the SWE-bench harness does.`
    })

    const page = await engine.api.listEpisodes({ runId: run.id, sort: 'taskKey', limit: 100 })
    expect(page.items.map((e) => e.taskKey)).toEqual([...report.submitted_ids].sort())
    for (const e of page.items) {
      const id = e.taskKey
      expect(e.reward, id).toBe(report.resolved_ids.includes(id) ? 1 : 0)
      expect(e.passed, id).toBe(report.resolved_ids.includes(id))
      expect(e.transcript, id).toBe(trajectories.includes(id))
      expect(e.unscored, id).toBe(
        report.empty_patch_ids.includes(id) ? 'empty patch' : report.error_ids.includes(id) ? 'error' : null
      )
      if (!e.transcript) expect(e.preview, id).toMatch(/^No transcript on disk\. SWE-bench harness: /)
    }
    // the trajectories' termination is their exit status
    expect(page.items.filter((e) => e.transcript).map((e) => [e.taskKey, e.termination])).toEqual([
      ['django__django-11099', 'Submitted'],
      ['django__django-11133', 'LimitsExceeded']
    ])
    expect(run.terminations).toEqual([
      { reason: 'LimitsExceeded', count: 1 },
      { reason: 'Submitted', count: 1 }
    ])

    // the viewer opens a results-only episode: no turns, the harness outcome
    const errored = page.items.find((e) => e.taskKey === report.error_ids[0])!
    const detail = await engine.api.getEpisode(errored.id)
    expect(detail.turns).toEqual([])
    expect(detail.transcript).toBe(false)
    // its source is the report it is known from, not the trajectory that holds it in the index
    expect(detail.sourcePath).toBe(join(ROOT, REPORT_NAME))
    expect(detail.infoFull).toMatchObject({
      instance_id: report.error_ids[0],
      swebench: { outcome: 'error', report: join(ROOT, REPORT_NAME) }
    })
    expect(JSON.parse(detail.raw)).toEqual(detail.infoFull) // the raw view shows the harness facts, not another instance's trajectory
    // and a trajectory episode still opens with its transcript
    const traj = await engine.api.getEpisode(page.items.find((e) => e.taskKey === 'django__django-11099')!.id)
    expect(traj.turns.length).toBeGreaterThan(0)
  })

  it('a report written after the trajectories: the run grows to the harness population', async () => {
    const dest = copyFixture(false)
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    let run = await theRun(engine)
    // no report yet: the two trajectories, not evaluated
    expect([run.episodes, run.meanReward, run.headlines]).toEqual([trajectories.length, null, []])
    expect(run.unscored).toMatchObject({
      count: trajectories.length,
      reasons: [{ reason: 'not evaluated', count: trajectories.length }],
      countedAs: 'excluded'
    })

    writeFileSync(join(dest, REPORT_NAME), readFileSync(join(ROOT, REPORT_NAME)))
    const second = await engine.indexPaths([dest])
    expect(second.files.find((f) => f.path.endsWith(REPORT_NAME))?.state).toBe('sidecar')
    run = await expectHarnessFigures(engine)

    // indexing again (nothing changed) and a forced re-index keep the same numbers: no results-only episode twice
    await engine.indexPaths([dest])
    await expectHarnessFigures(engine)
    await engine.indexPaths([dest], { force: true })
    await expectHarnessFigures(engine)
  })

  it('a trajectory the report does not mention: an episode without reward, outside the headline', async () => {
    const dest = copyFixture(true)
    const extra = 'django__django-11815'
    expect(report.submitted_ids).not.toContain(extra)
    const src = JSON.parse(
      readFileSync(join(ROOT, RUN_NAME, 'django__django-11099', 'django__django-11099.traj.json'), 'utf8')
    ) as Record<string, unknown>
    cpSync(join(ROOT, RUN_NAME, 'django__django-11099'), join(dest, RUN_NAME, extra), { recursive: true })
    rmSync(join(dest, RUN_NAME, extra, 'django__django-11099.traj.json'))
    writeFileSync(join(dest, RUN_NAME, extra, `${extra}.traj.json`), JSON.stringify({ ...src, instance_id: extra }))
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    const run = await expectHarnessFigures(engine, 1)
    const page = await engine.api.listEpisodes({ runId: run.id, limit: 100 })
    const e = page.items.find((x) => x.taskKey === extra)!
    expect([e.reward, e.passed, e.unscored, e.transcript]).toEqual([null, null, 'not evaluated', true])
    // failures and an instance left out, each said as what it is
    expect(run.unscored!.countedAs).toBe('mixed')
    expect(run.unscored!.note).toBe(
      `4 of 24 instances have no result: empty patch ${report.empty_patch_ids.length}, error ${report.error_ids.length} counted as failures (reward 0), as the SWE-bench harness does; not evaluated 1 left out of the mean reward, pass rate and every other reward figure.`
    )
  })

  it('a deleted trajectory or report: the run is read again and counts as the harness does', async () => {
    const dest = copyFixture(true)
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    await expectHarnessFigures(engine)
    const [holder, other] = trajectories
    // the other trajectory goes: its instance is still an episode (results-only now), the figures stay the harness's
    rmSync(join(dest, RUN_NAME, other), { recursive: true })
    await engine.indexPaths([dest])
    let run = await theRun(engine)
    expect([run.episodes, run.noTranscript]).toEqual([report.submitted_ids.length, report.submitted_ids.length - 1])
    expect(run.meanReward).toBeCloseTo(report.resolved_instances / report.submitted_instances, 12)
    // the holder goes too: no trajectory is left to hold the results-only episodes, so the run is gone
    rmSync(join(dest, RUN_NAME, holder), { recursive: true })
    await engine.indexPaths([dest])
    expect((await engine.api.listRuns()).filter((r) => r.name === RUN_NAME)).toEqual([])
  })

  it('a deleted report: the trajectories are read again, not evaluated', async () => {
    const dest = copyFixture(true)
    engine = tempEngine().engine
    await engine.indexPaths([dest])
    await expectHarnessFigures(engine)
    rmSync(join(dest, REPORT_NAME))
    // a later scan (nothing else changed) must not re-read them again
    await engine.indexPaths([dest])
    const run = await theRun(engine)
    expect([run.episodes, run.meanReward, run.headlines]).toEqual([trajectories.length, null, []])
    const again = await engine.indexPaths([dest])
    expect(
      again.files.filter((f) => f.state !== 'unchanged' && f.state !== 'sidecar' && !f.error).map((f) => f.path)
    ).toEqual([])
  })
})
