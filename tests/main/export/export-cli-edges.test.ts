/**
 * `rollscope export` at its edges, over real runs of the shared corpus (the verifiers runs and the Prime hosted-RL
 * run, indexed in place): a repeated --episode, --out into a missing folder, an unknown --drop-labelled label, a
 * preference export over more than two runs, the skip reasons of --json, and the reports' counts in the singular.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { captureCli } from '../../helpers/capture-cli'
import { fixture } from '../../helpers/fixtures-path'

let db: string
let dir: string
let runs: RunSummary[]
const cli = captureCli(
  () => db,
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-export-edges-'))
  db = join(dir, 'r.db')
  const indexed = await cli('index', fixture('verifiers/willccbb-verifiers'), fixture('prime-hosted-rl-run'), '--json')
  expect(indexed.code).toBe(0)
  runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
  expect(runs.length).toBeGreaterThan(2)
}, 60_000)

const episodesOf = async (run: RunSummary): Promise<EpisodeSummary[]> =>
  JSON.parse((await cli('episodes', run.id, '--json')).stdout) as EpisodeSummary[]

describe('rollscope export edges', () => {
  it('--episode X --episode X writes X once, in the order first named', async () => {
    const [a, b] = await episodesOf(runs[0])
    const r = await cli('export', '--format', 'jsonl', '--episode', b.id, '--episode', a.id, '--episode', b.id)
    expect(r.code).toBe(0)
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id)
    expect(ids).toEqual([b.id, a.id])
    expect(r.stderr).toContain('Exported 2 episodes')
  })

  it('--episode of another run than --run says which run it is in; one episode is "1 episode"', async () => {
    const [e] = await episodesOf(runs[1])
    const r = await cli('export', '--format', 'jsonl', '--run', runs[0].id, '--episode', e.id)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`episode ${e.id} is in run ${runs[1].id}, not in ${runs[0].id}`)
    const none = await cli('export', '--format', 'jsonl', '--episode', 'no-such-episode')
    expect(none.stderr).toContain('no episode with id no-such-episode')
    const one = await cli('export', '--format', 'jsonl', '--episode', e.id)
    expect(one.stderr).toContain('Exported 1 episode as jsonl')
  })

  it('--out into a missing folder says which folder, exits 1 and writes nothing', async () => {
    const r = await cli('export', '--format', 'sft', '--run', runs[0].id, '--out', 'nope/out.sft')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`cannot write nope/out.sft: the folder ${join(dir, 'nope')} does not exist`)
    expect(r.stderr).not.toMatch(/ENOENT/)
    expect(existsSync(join(dir, 'nope'))).toBe(false)
  })

  it('--drop-labelled with an unknown label is refused like --label (exit 2), a known one is taken', async () => {
    const bad = await cli('export', '--format', 'sft', '--drop-labelled', 'nosuch')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('unknown label "nosuch"')
    expect(bad.stdout).toBe('')
    const label = await cli('export', '--format', 'sft', '--label', 'nosuch')
    expect(label.code).toBe(2)
    expect(label.stderr).toContain('unknown label "nosuch"')
    const ok = await cli('export', '--format', 'sft', '--run', runs[0].id, '--drop-labelled', 'loop')
    expect(ok.code).toBe(0)
  })

  it('preference over every run (more than two) is bad usage: exit 2, and a named --out file is not left behind', async () => {
    const r = await cli('export', '--format', 'preference', '--out', 'pairs.jsonl')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`got ${runs.length}`)
    expect(existsSync(join(dir, 'pairs.jsonl'))).toBe(false)
    const named = await cli('export', '--format', 'preference', '--episode', (await episodesOf(runs[0]))[0].id)
    expect(named.code).toBe(2)
  })

  it('--json names why episodes were skipped, with counts that add up', async () => {
    const r = await cli('export', '--format', 'sft', '--passed-only', '--out', 'passed.sft', '--json')
    expect(r.code).toBe(0)
    const result = JSON.parse(r.stdout) as { episodes: number; skipped: number; skippedBy: Record<string, number> }
    expect(result.skipped).toBeGreaterThan(0)
    expect(Object.values(result.skippedBy).reduce((a, b) => a + b, 0)).toBe(result.skipped)
    expect(result.skippedBy.notPassed).toBeGreaterThan(0)
    // runs without a pass threshold: their episodes have no verdict, counted apart from the failed ones
    expect(result.skippedBy.noVerdict).toBeGreaterThan(0)
    expect(r.stderr).toContain(
      `skipped ${result.skipped} (noVerdict ${result.skippedBy.noVerdict}, notPassed ${result.skippedBy.notPassed})`
    )
    expect(readFileSync(join(dir, 'passed.sft'), 'utf8').trim().split('\n')).toHaveLength(result.episodes)
  })

  it('reports count one run and one episode in the singular', async () => {
    const [e] = await episodesOf(runs[0])
    const md = await cli('export', '--format', 'md', '--episode', e.id)
    expect(md.stdout).toContain('1 episode from 1 run;')
    const html = await cli('export', '--format', 'html', '--run', runs[0].id)
    expect(html.stdout).toContain(`${runs[0].episodes} episodes from 1 run;`)
    expect(html.stdout).not.toContain('1 runs')
  })
})
