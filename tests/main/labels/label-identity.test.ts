/**
 * Labels follow the real file and its content (issue 17 item 2). A symlinked run folder is read under its real
 * name (`run_a/…`, not `latest/…`) and is not a loop; re-pointing the link moves no label; a file rewritten with
 * other content keeps its labels apart (EpisodeLabels.changed), counted nowhere until kept; the same content read
 * again, or a rebuilt database, keeps them as they were.
 */
import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { EpisodeSummary } from '@contract/model'
import { createEngine } from '../../../src-main/services/engine'
import type { Engine } from '../../../src-main/services/engine-types'
import { verifiersRow, writeVerifiersRun } from '../../helpers/verifiers-run'
import { captureCli } from '../../helpers/capture-cli'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

const open = (dbPath: string): Engine =>
  (engine = createEngine({ dbPath, mode: 'cli', demoPath: null, version: 't', indexer: 'inline' }))

async function reopen(dbPath: string): Promise<Engine> {
  await engine?.close()
  return open(dbPath)
}

/** Every episode of every run, with its source file's path relative to `root`. */
async function episodes(e: Engine): Promise<EpisodeSummary[]> {
  const out: EpisodeSummary[] = []
  for (const r of await e.api.listRuns()) out.push(...(await e.api.listEpisodes({ runId: r.id, limit: 1000 })).items)
  return out
}

const countWhere = async (e: Engine, filter: string): Promise<number> => {
  let n = 0
  for (const r of await e.api.listRuns()) n += (await e.api.listEpisodes({ runId: r.id, limit: 1, filter })).total
  return n
}

describe('labels and the real file', () => {
  it('a symlinked run folder is read under its real name, no loop; re-pointing the link moves no label', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    writeVerifiersRun(ws, 'run_a', { tag: ' (run a)' })
    writeVerifiersRun(ws, 'run_b', { tag: ' (run b)' })
    symlinkSync('run_a', join(ws, 'latest'))
    const e = open(join(root, 'app.db'))
    const first = await e.indexPaths([ws])
    // before: latest/… stored, run_a reported as a "symlink loop", exit 1
    expect(first.failed).toBe(0)
    expect(first.files.filter((f) => f.state === 'error')).toEqual([])
    const paths = first.files.map((f) => f.path.slice(ws.length + 1)).sort()
    expect(paths).toEqual(['run_a/metadata.json', 'run_a/results.jsonl', 'run_b/metadata.json', 'run_b/results.jsonl'])

    const sourceOf = async (id: string): Promise<string> =>
      (await e.api.getEpisodeLabels(id)).identity.sourcePath.slice(ws.length + 1)
    const all = await episodes(e)
    const bySource = new Map<string, EpisodeSummary[]>()
    for (const x of all) bySource.set(await sourceOf(x.id), [...(bySource.get(await sourceOf(x.id)) ?? []), x])
    expect([...bySource.keys()].sort()).toEqual(['run_a/results.jsonl', 'run_b/results.jsonl'])
    const a0 = bySource.get('run_a/results.jsonl')![0]
    await e.api.addLabel(a0.id, 'loop', null)
    await e.api.setNote(a0.id, 'run a goes round in circles', null)

    unlinkSync(join(ws, 'latest'))
    symlinkSync('run_b', join(ws, 'latest'))
    const again = await e.indexPaths([ws])
    expect(again.failed).toBe(0)
    expect(again.indexed).toBe(0) // nothing changed: the link names the same two real folders
    // the label and note stay on run_a's episode; run_b's episode of the same task has none
    const a = await e.api.getEpisodeLabels(a0.id)
    expect(a).toMatchObject({ labels: ['loop'], note: 'run a goes round in circles', changed: null })
    const b0 = (await episodes(e)).find((x) => x.taskKey === a0.taskKey && x.runId !== a0.runId)!
    expect(await sourceOf(b0.id)).toBe('run_b/results.jsonl')
    expect(await e.api.getEpisodeLabels(b0.id)).toMatchObject({ labels: [], note: null, changed: null })
    expect(await countWhere(e, 'label == "loop"')).toBe(1)
  })

  it('only a real cycle is a loop: a link to a folder that holds it is reported and not followed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    writeVerifiersRun(ws, 'runs/run_a')
    symlinkSync('..', join(ws, 'runs', 'up'))
    symlinkSync(join(ws, 'runs', 'run_a'), join(ws, 'again')) // a second name for a folder: no problem
    const e = open(join(root, 'app.db'))
    const report = await e.indexPaths([ws])
    // listed, not failed: what it leads to is walked anyway
    const loops = report.files.filter((f) => f.error?.startsWith('symlink loop'))
    expect(loops.map((f) => [f.path.slice(ws.length + 1), f.state])).toEqual([['runs/up', 'unknown-format']])
    expect(loops[0].error).toBe(`symlink loop: it points to ${ws}, a folder that holds it; not followed`)
    expect(report).toMatchObject({ indexed: 1, failed: 0 })
  })

  it('a file rewritten with other content keeps its labels apart, counted nowhere until kept or removed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    const run = writeVerifiersRun(ws, 'env--model/run', { tasks: 4, tag: ' first try' })
    const e = open(join(root, 'app.db'))
    await e.indexPaths([ws])
    const [ep0, ep1] = await episodes(e)
    await e.api.addLabel(ep0.id, 'loop', null)
    await e.api.addLabel(ep0.id, 'gave up', 1)
    await e.api.setNote(ep0.id, 'circles', null)
    await e.api.addLabel(ep1.id, 'good example', null)

    // the same content written again (a copy, a touch): nothing is flagged
    const rows = (tag: string): string =>
      [0, 1, 2, 3].map((t) => verifiersRow(t, t % 2 === 0 ? 1 : 0, tag)).join('\n') + '\n'
    writeFileSync(join(run, 'results.jsonl'), rows(' first try') + '\n')
    expect((await e.indexPaths([ws])).indexed).toBe(1)
    expect((await e.api.getEpisodeLabels(ep0.id)).changed).toBeNull()

    // a re-run writes the same file: episode 0 now holds another rollout; episode 1's is the same
    writeFileSync(
      join(run, 'results.jsonl'),
      [verifiersRow(0, 0, ' second try'), ...[1, 2, 3].map((t) => verifiersRow(t, t % 2 === 0 ? 1 : 0, ' first try'))]
        .join('\n')
        .concat('\n')
    )
    await e.indexPaths([ws])
    const changed = await e.api.getEpisodeLabels(ep0.id)
    expect(changed).toMatchObject({
      labels: [],
      note: null,
      turns: [],
      changed: { labels: ['loop'], note: 'circles', turns: [{ turn: 1, labels: ['gave up'], note: null }] }
    })
    expect(await e.api.getEpisodeLabels(ep1.id)).toMatchObject({ labels: ['good example'], changed: null })
    // not carried over silently: no badge, no filter hit, no count; found with label_changed
    expect(await e.api.labelsOfEpisodes([ep0.id, ep1.id])).toEqual({ [ep1.id]: ['good example'] })
    expect(await countWhere(e, 'label == "loop"')).toBe(0)
    expect(await countWhere(e, 'has_note')).toBe(0)
    expect(await countWhere(e, 'label_changed')).toBe(1)
    expect((await e.api.labelCounts(ep0.runId)).map((c) => c.label)).toEqual(['good example'])

    // kept: they describe the new content and count again
    const kept = await e.api.keepLabels(ep0.id)
    expect(kept).toMatchObject({ labels: ['loop'], note: 'circles', changed: null })
    expect(await countWhere(e, 'label == "loop"')).toBe(1)
    expect(await countWhere(e, 'label_changed')).toBe(0)

    // rewritten once more: removing a flagged label takes it off for good
    writeFileSync(
      join(run, 'results.jsonl'),
      [verifiersRow(0, 1, ' third try'), ...[1, 2, 3].map((t) => verifiersRow(t, t % 2 === 0 ? 1 : 0, ' first try'))]
        .join('\n')
        .concat('\n')
    )
    await e.indexPaths([ws])
    expect((await e.api.getEpisodeLabels(ep0.id)).changed?.labels).toEqual(['loop'])
    const removed = await e.api.removeLabel(ep0.id, 'loop', null)
    expect(removed.changed?.labels).toEqual([])
    // applying a label the episode carried from other content says it holds now
    const reapplied = await e.api.addLabel(ep0.id, 'gave up', 1)
    expect(reapplied.turns).toEqual([{ turn: 1, labels: ['gave up'], note: null }])
  })

  it('a rebuilt database keeps every label as it was (the fingerprints are of the content, not of the index)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    writeVerifiersRun(ws, 'env--model/run', { tasks: 3 })
    const db = join(root, 'app.db')
    const e = open(db)
    await e.indexPaths([ws])
    const [ep] = await episodes(e)
    await e.api.addLabel(ep.id, 'loop', null)
    await e.close()
    for (const f of ['app.db', 'app.db-wal', 'app.db-shm']) rmSync(join(root, f), { force: true })
    const rebuilt = await reopen(db)
    await rebuilt.indexPaths([ws])
    const [again] = await episodes(rebuilt)
    expect(await rebuilt.api.getEpisodeLabels(again.id)).toMatchObject({ labels: ['loop'], changed: null })
  })

  it('labels made before fingerprints take their episode’s, and those under an old symlinked name move to the real one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    writeVerifiersRun(ws, 'run_a')
    const db = join(root, 'app.db')
    let e = open(db)
    await e.indexPaths([ws])
    const [ep] = await episodes(e)
    await e.api.addLabel(ep.id, 'loop', null)
    await e.close()
    engine = null
    // as an older Rollscope left them: the run read as latest/… (the link sorted first), the label without fingerprint
    symlinkSync('run_a', join(ws, 'latest'))
    const real = join(ws, 'run_a', 'results.jsonl')
    const alias = join(ws, 'latest', 'results.jsonl')
    const index = new Database(db)
    index.prepare('UPDATE sources SET path = replace(path, ?, ?)').run(join(ws, 'run_a'), join(ws, 'latest'))
    index.exec('UPDATE episodes SET fingerprint = NULL')
    index.close()
    const labels = new Database(`${db}.labels.db`)
    labels.prepare('UPDATE labels SET source_path = ?, fingerprint = NULL').run(alias)
    labels.close()

    e = open(db)
    const report = await e.indexPaths([ws])
    expect(report.files.map((f) => f.path.slice(ws.length + 1)).sort()).toEqual([
      'run_a/metadata.json',
      'run_a/results.jsonl'
    ])
    const [now] = await episodes(e)
    const l = await e.api.getEpisodeLabels(now.id)
    expect(l).toMatchObject({ identity: { sourcePath: real }, labels: ['loop'], changed: null })
    // the moved label took the episode's fingerprint: a change of content now flags it
    const check = new Database(`${db}.labels.db`, { readonly: true })
    expect(check.prepare('SELECT source_path, fingerprint IS NOT NULL known FROM labels').all()).toEqual([
      { source_path: real, known: 1 }
    ])
    check.close()
    writeFileSync(real, verifiersRow(0, 0, ' another rollout') + '\n')
    await e.indexPaths([ws])
    const [changed] = await episodes(e)
    expect((await e.api.getEpisodeLabels(changed.id)).changed?.labels).toEqual(['loop'])
  })

  it('the CLI shows labels made on other content apart, finds them with label_changed, and --keep keeps them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-ident-'))
    const ws = join(root, 'ws')
    const run = writeVerifiersRun(ws, 'env--model/run', { tasks: 2, tag: ' one' })
    const cli = captureCli(() => join(root, 'app.db'))
    expect((await cli('index', ws, '--json')).code).toBe(0)
    const [runId] = JSON.parse((await cli('runs', '--json')).stdout).map((r: { id: string }) => r.id)
    const [ep] = JSON.parse((await cli('episodes', runId, '--json')).stdout) as EpisodeSummary[]
    expect((await cli('label', ep.id, 'loop', '--note', 'circles')).code).toBe(0)
    writeFileSync(
      join(run, 'results.jsonl'),
      [verifiersRow(0, 0, ' two'), verifiersRow(1, 0, ' one')].join('\n') + '\n'
    )
    expect((await cli('index', ws, '--json')).code).toBe(0)

    const shown = await cli('label', ep.id)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toBe(
      [
        `Episode ${ep.id} (task ${ep.taskKey}, rollout 0): (no labels)`,
        '  ! labelled when the episode held other content (its file changed since): not counted until kept',
        '    labels: loop',
        '    note: circles',
        `    check the episode (rollscope show ${ep.id}), then: rollscope label ${ep.id} --keep, or --remove LABEL`,
        ''
      ].join('\n')
    )
    const flagged = JSON.parse((await cli('episodes', runId, '--filter', 'label_changed', '--json')).stdout)
    expect(flagged.map((x: EpisodeSummary) => x.id)).toEqual([ep.id])
    const kept = await cli('label', ep.id, '--keep', '--json')
    expect(JSON.parse(kept.stdout)).toMatchObject({ labels: ['loop'], note: 'circles', changed: null })
    expect(JSON.parse((await cli('episodes', runId, '--filter', 'label == "loop"', '--json')).stdout)).toHaveLength(1)
  })
})
