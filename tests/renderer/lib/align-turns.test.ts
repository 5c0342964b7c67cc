import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolCall, Turn } from '@contract/model'
import { lcsPairs } from '../../../src-renderer/src/lib/align-lcs'
import {
  alignActions,
  alignTurns,
  episodeActions,
  normalizeArguments,
  type Action,
  type Alignment
} from '../../../src-renderer/src/lib/align-turns'
import { makeTurn } from '../../helpers/make-turn'

/** The textbook O(n·m) LCS length, written independently of align-lcs.ts. */
function naiveLcsLength(a: readonly number[], b: readonly number[]): number {
  const t: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      t[i][j] = a[i - 1] === b[j - 1] ? t[i - 1][j - 1] + 1 : Math.max(t[i - 1][j], t[i][j - 1])
  return t[a.length][b.length]
}

/** Actions from small integer keys: tool `t<k % tools>`, key `<k>` (so equal keys share a tool). */
function actionsOf(keys: readonly number[], tools = 3): Action[] {
  return keys.map((k, i) => ({
    position: i * 2,
    call: 0,
    tool: `t${k % tools}`,
    callId: null,
    key: String(k),
    observations: [i * 2 + 1]
  }))
}

/** The invariants every alignment keeps, whatever its inputs. */
function checkCoverage(al: Alignment, n: number, m: number): void {
  const sa = al.rows.filter((r) => r.stepA !== null).map((r) => r.stepA)
  const sb = al.rows.filter((r) => r.stepB !== null).map((r) => r.stepB)
  expect(sa).toEqual(Array.from({ length: n }, (_, i) => i))
  expect(sb).toEqual(Array.from({ length: m }, (_, i) => i))
  for (const r of al.rows) {
    if (r.kind === 'same') expect(al.actionsA[r.stepA!].key).toBe(al.actionsB[r.stepB!].key)
    if (r.kind === 'changed') {
      expect(al.actionsA[r.stepA!].tool).toBe(al.actionsB[r.stepB!].tool)
      expect(al.actionsA[r.stepA!].key).not.toBe(al.actionsB[r.stepB!].key)
    }
    if (r.kind === 'missing') expect(r.stepB).toBeNull()
    if (r.kind === 'inserted') expect(r.stepA).toBeNull()
    if (r.stepA !== null) expect(r.a).toBe(al.actionsA[r.stepA].position)
    if (r.stepB !== null) expect(r.b).toBe(al.actionsB[r.stepB].position)
  }
  expect(al.firstDivergence).toBe(al.rows.findIndex((r) => r.kind !== 'same'))
}

const keys = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 })

describe('LCS (align-lcs)', () => {
  it('finds a longest common subsequence: its length equals the naive one, with the table, Hirschberg and both', () => {
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const want = naiveLcsLength(a, b)
        // tableCells 1 forces Hirschberg down to single rows; 12 mixes the two
        for (const tableCells of [undefined, 1, 12]) {
          const { pairs, exact } = lcsPairs(a, b, { tableCells })
          expect(exact).toBe(true)
          expect(pairs).toHaveLength(want)
          pairs.forEach(([i, j], k) => {
            expect(a[i]).toBe(b[j])
            if (k > 0) {
              expect(i).toBeGreaterThan(pairs[k - 1][0])
              expect(j).toBeGreaterThan(pairs[k - 1][1])
            }
          })
        }
      }),
      { numRuns: 300 }
    )
  })

  it('past maxCells anchors on unique keys: still a common subsequence, flagged inexact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 40 }),
        (a, b) => {
          const { pairs } = lcsPairs(a, b, { tableCells: 4, maxCells: 4 })
          expect(pairs.length).toBeLessThanOrEqual(naiveLcsLength(a, b))
          pairs.forEach(([i, j], k) => {
            expect(a[i]).toBe(b[j])
            if (k > 0) expect(i > pairs[k - 1][0] && j > pairs[k - 1][1]).toBe(true)
          })
        }
      )
    )
    // the unique middle keys anchor an alignment that solves the small gaps around them exactly
    const a = [1, 2, 9, 3, 4, 8, 5]
    const b = [2, 1, 9, 4, 3, 8, 5]
    const r = lcsPairs(a, b, { tableCells: 4, maxCells: 10 })
    expect(r.exact).toBe(false)
    expect(r.pairs.map(([i]) => a[i])).toContain(9)
    expect(r.pairs.map(([i]) => a[i])).toContain(8)
  })
})

describe('align actions', () => {
  it('an episode aligned with itself is all same', () => {
    fc.assert(
      fc.property(keys, (k) => {
        const al = alignActions(actionsOf(k), actionsOf(k))
        expect(al.rows.every((r) => r.kind === 'same')).toBe(true)
        expect(al.firstDivergence).toBe(-1)
        checkCoverage(al, k.length, k.length)
      })
    )
  })

  it('rows cover every action of both sides once, in order; same rows = the naive LCS length', () => {
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const al = alignActions(actionsOf(a), actionsOf(b))
        checkCoverage(al, a.length, b.length)
        expect(al.rows.filter((r) => r.kind === 'same')).toHaveLength(naiveLcsLength(a, b))
        expect(al.sameCount).toBe(naiveLcsLength(a, b))
      }),
      { numRuns: 300 }
    )
  })

  it('holds with Hirschberg forced (tiny table cap)', () => {
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const al = alignActions(actionsOf(a), actionsOf(b), { tableCells: 2 })
        checkCoverage(al, a.length, b.length)
        expect(al.sameCount).toBe(naiveLcsLength(a, b))
      })
    )
  })

  it('pairs a step only in A next to a step only in B with the same tool as changed; other tools stay missing / inserted', () => {
    // keys 0 and 3 share tool t0; 1 has tool t1, 5 has t2
    const al = alignActions(actionsOf([7, 0, 1, 8]), actionsOf([7, 3, 5, 8]))
    expect(al.rows.map((r) => r.kind)).toEqual(['same', 'changed', 'missing', 'inserted', 'same'])
    expect(al.firstDivergence).toBe(1)
    expect(al.rows[1]).toEqual({ kind: 'changed', a: 2, b: 2, stepA: 1, stepB: 1 })
  })

  it('is fast on 2,000-step episodes', () => {
    const rand = mulberry32(7)
    const a = Array.from({ length: 2000 }, () => Math.floor(rand() * 50))
    // B: A with a tenth of its steps replaced, and a different tail
    const b = a.map((k) => (rand() < 0.1 ? 100 + Math.floor(rand() * 50) : k)).slice(0, 1800)
    b.push(...Array.from({ length: 300 }, () => Math.floor(rand() * 50)))
    const t0 = performance.now()
    const al = alignActions(actionsOf(a, 7), actionsOf(b, 7))
    const ms = performance.now() - t0
    checkCoverage(al, a.length, b.length)
    expect(al.sameCount).toBeGreaterThan(1500)
    expect(ms).toBeLessThan(1000)
    // and two completely different ones (no common head or tail to trim)
    const c = Array.from({ length: 2000 }, () => 1000 + Math.floor(rand() * 1000))
    const t1 = performance.now()
    checkCoverage(alignActions(actionsOf(a, 7), actionsOf(c, 7)), a.length, c.length)
    expect(performance.now() - t1).toBeLessThan(1000)
  })
})

describe('episode actions', () => {
  const call = (name: string, args: unknown, id: string | null = null): ToolCall => ({ id, name, arguments: args })

  it('normalizes arguments: sorted keys, collapsed whitespace, raw strings collapsed too', () => {
    expect(normalizeArguments({ b: 1, a: { d: ' x   y\n', c: [1, 'z'] } })).toBe('{"a":{"c":[1,"z"],"d":"x y"},"b":1}')
    expect(normalizeArguments({ a: 1, b: 2 })).toBe(normalizeArguments({ b: 2, a: 1 }))
    expect(normalizeArguments('ls   -la\n')).toBe('ls -la')
    expect(normalizeArguments(null)).toBe('null')
  })

  it('each tool call is a step, a turn without calls is a say; prompts are not steps; observations follow their call', () => {
    const turns: Turn[] = [
      makeTurn({ role: 'system', isPrompt: true, text: 'sys' }),
      makeTurn({ role: 'user', isPrompt: true, text: 'task' }),
      makeTurn({ toolCalls: [call('bash', { cmd: 'ls' }, 'c1'), call('read', { path: 'a' }, 'c2')] }),
      makeTurn({ role: 'tool', toolCallId: 'c2', text: 'contents of a' }),
      makeTurn({ role: 'tool', toolCallId: 'c1', text: 'a b' }),
      makeTurn({ text: '  The answer\n is   42 ' }),
      makeTurn({ role: 'user', isObservation: true, text: 'wrong' })
    ]
    const actions = episodeActions(turns)
    expect(actions.map((a) => [a.position, a.call, a.tool, a.observations])).toEqual([
      [2, 0, 'bash', [4]],
      [2, 1, 'read', [3]],
      [5, null, 'say', [6]]
    ])
    expect(actions[2].key).toBe('say\u0000The answer is 42')
  })

  it('keys a say by the head of its text, so a preview cut of a long text keys like the full text', () => {
    const long = 'line\n'.repeat(500)
    const [full] = episodeActions([makeTurn({ text: long })])
    const [cut] = episodeActions([
      makeTurn({ text: long.slice(0, 60), elided: { text: { chars: long.length, lines: 500 } } })
    ])
    expect(cut.key).toBe(full.key)
  })

  it('aligns turns: reordered arguments are the same step; a changed command is changed; the first divergence is marked', () => {
    const a: Turn[] = [
      makeTurn({ role: 'user', isPrompt: true, text: 'fix it' }),
      makeTurn({ toolCalls: [call('bash', { cmd: 'ls', cwd: '/r' })] }),
      makeTurn({ role: 'tool', text: 'x.py' }),
      makeTurn({ toolCalls: [call('bash', { cmd: 'pytest' })] }),
      makeTurn({ role: 'tool', text: 'fail' }),
      makeTurn({ text: 'done' })
    ]
    const b: Turn[] = [
      makeTurn({ role: 'user', isPrompt: true, text: 'fix it' }),
      makeTurn({ toolCalls: [call('bash', { cwd: '/r', cmd: 'ls' })] }),
      makeTurn({ role: 'tool', text: 'x.py' }),
      makeTurn({ toolCalls: [call('edit', { path: 'x.py' })] }),
      makeTurn({ role: 'tool', text: 'ok' }),
      makeTurn({ toolCalls: [call('bash', { cmd: 'pytest -x' })] }),
      makeTurn({ role: 'tool', text: 'pass' }),
      makeTurn({ text: 'done' })
    ]
    const al = alignTurns(a, b)
    expect(al.rows.map((r) => [r.kind, r.a, r.b])).toEqual([
      ['same', 1, 1],
      ['inserted', null, 3],
      ['changed', 3, 5],
      ['same', 5, 7]
    ])
    expect(al.firstDivergence).toBe(1)
    expect(al.actionsB[al.rows[2].stepB!].observations).toEqual([6])
  })
})

/** A small seeded generator, so the timing input is the same on every run. */
function mulberry32(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
