import { describe, expect, it } from 'vitest'
import type { IndexProgress, RunSummary } from '@contract/model'
import {
  formatBytes,
  formatInt,
  formatNumber,
  formatPercent,
  formatSeconds,
  formatTable,
  oneLine,
  safeText,
  truncate
} from '../../../src-main/report/text-format'
import type { CliIo } from '../../../src-main/cli/cli-io'
import { createProgressPrinter, progressLine } from '../../../src-main/cli/progress'
import { resolveRun } from '../../../src-main/cli/resolve-run'
import { FAKE_RUNS, IDLE_PROGRESS } from './fake-engine'

describe('format', () => {
  it('aligns columns, right-aligns numbers and truncates long cells', () => {
    const rows = [
      { name: 'a', n: 5, note: 'short' },
      { name: 'longer name', n: 12345, note: 'x'.repeat(30) }
    ]
    const out = formatTable(rows, [
      { header: 'NAME', cell: (r) => r.name },
      { header: 'N', cell: (r) => formatInt(r.n), align: 'right' },
      { header: 'NOTE', cell: (r) => r.note, maxWidth: 10 }
    ])
    expect(out).toBe(
      'NAME              N  NOTE\n' + 'a                 5  short\n' + 'longer name  12,345  xxxxxxxxx…\n'
    )
  })

  it('measures cells as a terminal draws them: CJK two wide, accents none, an emoji cut whole', () => {
    const rows = [
      { name: '漢字テスト', n: 1 },
      { name: 'z\u0335a\u0336lgo', n: 2 },
      { name: 'abc', n: 3 }
    ]
    const out = formatTable(rows, [
      { header: 'NAME', cell: (r) => r.name },
      { header: 'N', cell: (r) => String(r.n) }
    ])
    // every N in the same terminal column: CJK counts 2 cells a character, a combining mark none
    expect(out).toBe('NAME        N\n漢字テスト  1\nz\u0335a\u0336lgo       2\nabc         3\n')
    // a cut between characters, never inside one: no lone surrogate (U+FFFD when printed)
    const cut = truncate('ab🚀🚀🚀🚀', 5)
    expect(cut).toBe('ab🚀…')
    expect(cut).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u)
    expect(truncate('👩\u200d👩\u200d👧 family', 3)).toBe('👩\u200d👩\u200d👧…')
  })

  it('formats numbers, percentages, bytes and durations', () => {
    expect(formatNumber(0.53333)).toBe('0.533')
    expect(formatNumber(1)).toBe('1')
    expect(formatNumber(null)).toBe('-')
    expect(formatNumber(Number.NaN)).toBe('-')
    expect(formatNumber(0.0001234)).toBe('1.23e-4')
    expect(formatPercent(2 / 3)).toBe('66.7%')
    expect(formatInt(1234567)).toBe('1,234,567')
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(23975)).toBe('24.0 kB')
    expect(formatBytes(1_500_000)).toBe('1.50 MB')
    expect(formatSeconds(0.25)).toBe('0.3 s')
    expect(formatSeconds(75)).toBe('75 s')
    expect(formatSeconds(185)).toBe('3 min 5 s')
  })

  it('neutralizes terminal control sequences in trace text', () => {
    // escape sequences dropped (the screen-clearing CSI too), other controls shown as \xNN, bidi written out
    expect(safeText('a\u001b[2Jb\u0007c\r\nd\te')).toBe('ab\\x07c\nd\te')
    expect(safeText('\u009b31mx')).toBe('x')
    expect(safeText('lone \u001b and \u009b')).toBe('lone \\x1b and \\x9b')
    expect(safeText('file\u202Etxt.exe')).toBe('file<U+202E RLO>txt.exe')
    expect(oneLine('  two\n\nlines\there ')).toBe('two lines here')
    expect(truncate('abcdef', 4)).toBe('abc…')
    expect(truncate('abc', 4)).toBe('abc')
  })
})

describe('progress', () => {
  const p: IndexProgress = {
    ...IDLE_PROGRESS,
    state: 'indexing',
    filesTotal: 10,
    filesDone: 3,
    bytesTotal: 5_000_000,
    bytesDone: 1_000_000,
    episodes: 1234,
    mbPerSec: 4.56,
    etaSec: 11.2,
    failed: 1,
    currentFile: '/x/y/results.jsonl'
  }

  it('describes files, episodes, bytes, speed, ETA, failures and the current file', () => {
    expect(progressLine(p)).toBe(
      'indexing 3/10 files · 1,234 episodes · 1.00 MB of 5.00 MB · 4.6 MB/s · ETA 12 s · 1 failed · results.jsonl'
    )
  })

  function io(tty: boolean): { io: CliIo; err: () => string } {
    let err = ''
    return {
      io: { stdout: () => {}, stderr: (t) => void (err += t), env: {}, cwd: '/', stderrIsTTY: tty, stderrColumns: 40 },
      err: () => err
    }
  }

  it('rewrites one line on a TTY, throttled and cut to the width', () => {
    const t = io(true)
    let now = 1000
    const printer = createProgressPrinter(t.io, () => now)
    printer.update(p)
    now += 10
    printer.update(p) // throttled
    now += 200
    printer.update({ ...p, filesDone: 4 })
    printer.done()
    const writes = t.err().split('\r\x1b[2K').filter(Boolean)
    expect(writes).toHaveLength(2)
    expect(writes[0]).toBe('indexing 3/10 files · 1,234 episodes ·…')
    expect(writes[0].length).toBe(39)
    expect(t.err().endsWith('\r\x1b[2K')).toBe(true)
  })

  it('prints a plain line every 5 s when not a TTY, nothing for short jobs', () => {
    const t = io(false)
    let now = 0
    const printer = createProgressPrinter(t.io, () => now)
    printer.update(p)
    now = 4000
    printer.update(p)
    expect(t.err()).toBe('')
    now = 5000
    printer.update(p)
    now = 6000
    printer.update(p)
    printer.done()
    expect(t.err().split('\n').filter(Boolean)).toHaveLength(1)
    expect(t.err()).not.toContain('\r')
  })

  it('says at once that the job waits for another process indexing the database, and for how long', () => {
    const t = io(false)
    let now = 10_000
    const printer = createProgressPrinter(t.io, () => now)
    const waiting: IndexProgress = {
      ...IDLE_PROGRESS,
      state: 'waiting',
      startedAt: 10_000,
      message: 'waiting for PID 42 (rollscope serve), since 12:00:00: it is indexing this database'
    }
    printer.update(waiting)
    now = 12_000
    printer.update(waiting) // then every 5 s, as any progress
    now = 16_000
    printer.update(waiting)
    expect(t.err().split('\n').filter(Boolean)).toEqual([
      'waiting for PID 42 (rollscope serve), since 12:00:00: it is indexing this database · waited 0 s',
      'waiting for PID 42 (rollscope serve), since 12:00:00: it is indexing this database · waited 6 s'
    ])
  })
})

describe('resolveRun', () => {
  const runs: RunSummary[] = FAKE_RUNS
  it('matches an exact id, an exact name, or a unique prefix of either', () => {
    expect(resolveRun(runs, 'run-bbbb2222').name).toBe('wordle--gpt-5-mini')
    expect(resolveRun(runs, 'wordle--gpt-5-mini').id).toBe('run-bbbb2222')
    expect(resolveRun(runs, 'math').id).toBe('run-cccc3333')
    expect(resolveRun(runs, 'run-a').id).toBe('run-aaaa1111')
  })

  it('rejects unknown and ambiguous queries, listing the candidates', () => {
    expect(() => resolveRun(runs, 'zzz')).toThrow("no run matches 'zzz'")
    expect(() => resolveRun(runs, 'run-')).toThrow(
      /'run-' matches 3 runs; use a run id:\n {2}run-aaaa1111 {2}wordle--gpt-4\.1-mini/
    )
  })

  it('matches a folder of the source path, exactly or by unique prefix', () => {
    const real = [
      {
        ...runs[0],
        id: 'r1',
        name: 'wordle · gpt-4.1-mini (9a56fe55)',
        source: '/f/wordle--gpt-4.1-mini/9a56fe55/results.jsonl'
      },
      {
        ...runs[0],
        id: 'r2',
        name: 'wordle · gpt-5-mini (b5161fc3)',
        source: '/f/wordle--gpt-5-mini/b5161fc3/results.jsonl'
      }
    ]
    expect(resolveRun(real, 'wordle--gpt-5-mini').id).toBe('r2')
    expect(resolveRun(real, 'wordle--gpt-4').id).toBe('r1')
    expect(resolveRun(real, 'b5161fc3').id).toBe('r2')
    expect(() => resolveRun(real, 'wordle--')).toThrow("'wordle--' matches 2 runs")
    expect(() => resolveRun(real, 'results.jsonl')).toThrow("'results.jsonl' matches 2 runs")
    expect(() => resolveRun(real, 'nope/b5161fc3')).toThrow("no run matches 'nope/b5161fc3'")
  })

  it('matches a path as typed or tab-completed: trailing slash, relative, absolute, the source file', () => {
    const real = [
      { ...runs[0], id: 'r1', name: 'a', source: '/home/me/runs/wordle--gpt-4.1-mini/9a56fe55/results.jsonl' },
      { ...runs[0], id: 'r2', name: 'b', source: '/home/me/runs/wordle--gpt-5-mini/b5161fc3/results.jsonl' }
    ]
    expect(resolveRun(real, 'wordle--gpt-5-mini/').id).toBe('r2')
    expect(resolveRun(real, './runs/wordle--gpt-4.1-mini/9a56fe55/').id).toBe('r1')
    expect(resolveRun(real, '../runs/wordle--gpt-5-mini').id).toBe('r2')
    expect(resolveRun(real, '/home/me/runs/wordle--gpt-5-mini/b5161fc3/results.jsonl').id).toBe('r2')
    expect(resolveRun(real, 'b5161fc3\\').id).toBe('r2')
    expect(() => resolveRun(real, 'runs/')).toThrow("'runs/' matches 2 runs")
  })

  it('prefers an exact name over a longer name it prefixes', () => {
    const withPrefix = [...runs, { ...runs[0], id: 'run-dddd', name: 'wordle--gpt-5-mini-v2' }]
    expect(resolveRun(withPrefix, 'wordle--gpt-5-mini').id).toBe('run-bbbb2222')
  })
})
