/**
 * A whole-file JSON trace cut short (a write that did not finish, a copy interrupted): an error of that file with
 * where it breaks, never "not a trace"; read again at every index until it parses, so the run comes back when the
 * file is whole again. Built from the real tau-bench fixture, cut at test time.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

const TAU = fixture('tau-bench/gpt-4o-airline.first3tasks.json')

describe('a truncated JSON document', () => {
  it('is an error saying where it breaks, stays one on the next index, and indexes again once whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-broken-doc-'))
    const path = join(dir, 'gpt-4o-airline.json')
    copyFileSync(TAU, path)
    const { engine } = tempEngine()
    try {
      expect((await engine.indexPaths([dir])).files[0]).toMatchObject({ state: 'indexed', episodes: 12 })
      // cut short, as an interrupted copy leaves it (the same size would hide the change from size + mtime alone)
      const whole = readFileSync(TAU)
      writeFileSync(path, whole.subarray(0, 50_000))
      const cut = (await engine.indexPaths([dir])).files[0]
      expect(cut.state).toBe('error')
      expect(cut.error).toMatch(/^a JSON document that does not parse: .*position 50000.*: the file ends mid-document/)
      // not "unchanged" the next time: still an error, counted as failed
      const again = await engine.indexPaths([dir])
      expect(again.files[0].state).toBe('error')
      expect(again.failed).toBe(1)
      writeFileSync(path, whole)
      expect((await engine.indexPaths([dir])).files[0]).toMatchObject({ state: 'indexed', episodes: 12 })
      expect((await engine.api.listRuns())[0].episodes).toBe(12)
    } finally {
      await engine.close()
    }
  })

  it('is not read again while unchanged, unless another version of Rollscope recorded the error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-broken-doc-'))
    const path = join(dir, 'gpt-4o-airline.json')
    const whole = readFileSync(TAU)
    const { engine, dbPath } = tempEngine()
    // the same size and mtime as a file the index saw: what reads it tells by the error's position
    const writeSeen = (bytes: Buffer): void => {
      writeFileSync(path, bytes)
      utimesSync(path, 1_700_000_000, 1_700_000_000)
    }
    try {
      writeSeen(whole.subarray(0, 50_000))
      expect((await engine.indexPaths([dir])).files[0].error).toMatch(/position 50000/)
      // broken elsewhere now, size and mtime as before
      const other = Buffer.from(whole.subarray(0, 50_000))
      other.write('\u0001', 2000) // a control character: invalid inside a string or out
      writeSeen(other)
      const unread = await engine.indexPaths([dir])
      expect(unread.files[0]).toMatchObject({ state: 'error' })
      expect(unread.files[0].error).toMatch(/position 50000/) // the error recorded, the file not read
      expect(unread).toMatchObject({ failed: 1, skipped: 0, indexed: 0 })
      // the sidebar's "Up to date … · 1 still in error": nothing read, the file counted
      expect((await engine.api.getWorkspace()).progress).toMatchObject({ state: 'done', filesTotal: 0, failed: 1 })
      // recorded by another version (an adapter may have been fixed since): read again
      const db = new Database(dbPath)
      db.prepare(`UPDATE sources SET content_error_version = '0.0.1-older'`).run()
      db.close()
      const reread = await engine.indexPaths([dir])
      expect(reread.files[0].error).toMatch(/position 2000/)
      expect(reread.failed).toBe(1)
    } finally {
      await engine.close()
    }
  })

  it('a file broken inside (not at its end) says where, without the cut-short reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-broken-doc-'))
    const text = readFileSync(TAU, 'utf8')
    const at = text.indexOf('"reward"', 1000)
    writeFileSync(join(dir, 'broken.json'), text.slice(0, at) + '"reward" 1,' + text.slice(at + 9))
    const { engine } = tempEngine()
    try {
      const [f] = (await engine.indexPaths([dir])).files
      expect(f.state).toBe('error')
      expect(f.error).toMatch(/^a JSON document that does not parse: .*position \d+/)
      expect(f.error).not.toMatch(/ends mid-document/)
    } finally {
      await engine.close()
    }
  })

  it('a one-line JSONL file cut mid-record is the same error with or without its newline', async () => {
    // the first record of a real verifiers file, cut in half (a write that did not finish)
    const wordle = fixture('verifiers/willccbb-verifiers/wordle--gpt-5-mini')
    const run = readdirSync(wordle).find((d) => !d.includes('.'))!
    const line = readFileSync(join(wordle, run, 'results.jsonl'), 'utf8').split('\n')[0]
    const half = line.slice(0, Math.floor(line.length / 2))
    const dir = mkdtempSync(join(tmpdir(), 'rs-broken-line-'))
    writeFileSync(join(dir, 'bare.jsonl'), half)
    writeFileSync(join(dir, 'ended.jsonl'), `${half}\n`)
    const { engine } = tempEngine()
    try {
      const files = (await engine.indexPaths([dir])).files.sort((a, b) => a.path.localeCompare(b.path))
      expect(files.map((f) => f.state)).toEqual(['error', 'error'])
      for (const f of files)
        expect(f.error).toMatch(/^a JSON document that does not parse: .*the file ends mid-document/)
    } finally {
      await engine.close()
    }
  })
})
