/**
 * Longest common subsequence of two integer sequences (interned action keys), fast enough for 2,000-step
 * episodes and bounded in memory for anything bigger.
 *
 * Choice: an O(n·m) suffix table is the fastest exact method in JS for the sizes seen in practice, but its
 * memory grows with n·m (2,000 × 2,000 steps = 4 M cells = 8 MB as Uint16). So:
 * - common head and tail are trimmed first (two runs of one agent usually share long stretches);
 * - a region of at most `tableCells` cells is solved with the table (Uint16 when lengths fit, else Uint32);
 * - a bigger region is split by Hirschberg's method (linear memory, about twice the time) until its halves fit;
 * - a region past `maxCells` (Hirschberg would take seconds) is anchored on the keys that occur once on each side
 *   (patience diff) and only the gaps between anchors are solved; the result is then no longer guaranteed to be
 *   a longest one, and `exact` says so.
 */

export interface LcsOptions {
  /** Largest region solved with one table (cells = n·m). */
  tableCells?: number
  /** Largest region solved exactly (table or Hirschberg); beyond, patience anchors. */
  maxCells?: number
}

export interface LcsResult {
  /** Matched index pairs, increasing on both sides. */
  pairs: Array<[number, number]>
  /** False when a region was too big to solve exactly and patience anchors were used. */
  exact: boolean
}

const DEFAULT_TABLE_CELLS = 16_000_000
const DEFAULT_MAX_CELLS = 60_000_000

/** What every step of one lcsPairs call shares: the sequences, the limits, and where matches go. */
interface Run {
  a: ArrayLike<number>
  b: ArrayLike<number>
  /** Matches so far, in order. */
  out: Array<[number, number]>
  tableCells: number
  maxCells: number
  /** Turned false once a region was anchored instead of solved. */
  exact: boolean
}

/** A longest common subsequence of `a` and `b` as index pairs (see the module comment for the method). */
export function lcsPairs(a: ArrayLike<number>, b: ArrayLike<number>, options: LcsOptions = {}): LcsResult {
  const tableCells = Math.max(1, options.tableCells ?? DEFAULT_TABLE_CELLS)
  const maxCells = Math.max(tableCells, options.maxCells ?? DEFAULT_MAX_CELLS)
  const run: Run = { a, b, out: [], tableCells, maxCells, exact: true }
  solve(run, 0, a.length, 0, b.length)
  return { pairs: run.out, exact: run.exact }
}

/** Appends the matches of a[aLo, aHi) × b[bLo, bHi) to `run.out`, in order. */
function solve(run: Run, aLo: number, aHi: number, bLo: number, bHi: number): void {
  const { a, b, out } = run
  // equal heads and tails always belong to some longest subsequence
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) out.push([aLo++, bLo++])
  const tail: Array<[number, number]> = []
  while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) tail.push([--aHi, --bHi])
  const n = aHi - aLo
  const m = bHi - bLo
  if (n > 0 && m > 0) {
    const cells = n * m
    if (cells <= run.tableCells) tableLcs(run, aLo, aHi, bLo, bHi)
    else if (cells <= run.maxCells) hirschberg(run, aLo, aHi, bLo, bHi)
    else patience(run, aLo, aHi, bLo, bHi)
  }
  for (let i = tail.length - 1; i >= 0; i--) out.push(tail[i])
}

/** Exact LCS of a region with a suffix-length table; memory (n+1)·(m+1) cells. */
function tableLcs({ a, b, out }: Run, aLo: number, aHi: number, bLo: number, bHi: number): void {
  const n = aHi - aLo
  const m = bHi - bLo
  const w = m + 1
  // a cell holds an LCS length, at most min(n, m)
  const L = Math.min(n, m) < 0xffff ? new Uint16Array((n + 1) * w) : new Uint32Array((n + 1) * w)
  for (let i = n - 1; i >= 0; i--) {
    const ai = a[aLo + i]
    const row = i * w
    const next = row + w
    for (let j = m - 1; j >= 0; j--) {
      if (ai === b[bLo + j]) L[row + j] = L[next + j + 1] + 1
      else {
        const down = L[next + j]
        const right = L[row + j + 1]
        L[row + j] = down >= right ? down : right
      }
    }
  }
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[aLo + i] === b[bLo + j]) {
      out.push([aLo + i, bLo + j])
      i++
      j++
    } else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) i++
    else j++
  }
}

/** Splits the region at a's middle where the forward and backward LCS lengths sum highest, then recurses. */
function hirschberg(run: Run, aLo: number, aHi: number, bLo: number, bHi: number): void {
  const { a, b, out } = run
  const n = aHi - aLo
  const m = bHi - bLo
  if (n === 0 || m === 0) return
  if (n * m <= run.tableCells || n === 1) {
    if (n === 1) {
      for (let j = bLo; j < bHi; j++) if (a[aLo] === b[j]) return void out.push([aLo, j])
      return
    }
    return tableLcs(run, aLo, aHi, bLo, bHi)
  }
  const mid = aLo + (n >> 1)
  const fwd = forwardLengths(a, b, aLo, mid, bLo, bHi)
  const bwd = backwardLengths(a, b, mid, aHi, bLo, bHi)
  let best = -1
  let split = bLo
  for (let k = 0; k <= m; k++) {
    const s = fwd[k] + bwd[k]
    if (s > best) {
      best = s
      split = bLo + k
    }
  }
  hirschberg(run, aLo, mid, bLo, split)
  hirschberg(run, mid, aHi, split, bHi)
}

/** f[k] = LCS length of a[aLo, aHi) and b[bLo, bLo + k). */
function forwardLengths(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number
): Uint32Array {
  const m = bHi - bLo
  let prev = new Uint32Array(m + 1)
  let cur = new Uint32Array(m + 1)
  for (let i = aLo; i < aHi; i++) {
    const ai = a[i]
    cur[0] = 0
    for (let k = 1; k <= m; k++) cur[k] = ai === b[bLo + k - 1] ? prev[k - 1] + 1 : Math.max(prev[k], cur[k - 1])
    ;[prev, cur] = [cur, prev]
  }
  return prev
}

/** g[k] = LCS length of a[aLo, aHi) and b[bLo + k, bHi). */
function backwardLengths(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number
): Uint32Array {
  const m = bHi - bLo
  let prev = new Uint32Array(m + 1)
  let cur = new Uint32Array(m + 1)
  for (let i = aHi - 1; i >= aLo; i--) {
    const ai = a[i]
    cur[m] = 0
    for (let k = m - 1; k >= 0; k--) cur[k] = ai === b[bLo + k] ? prev[k + 1] + 1 : Math.max(prev[k], cur[k + 1])
    ;[prev, cur] = [cur, prev]
  }
  return prev
}

/**
 * Too big to solve exactly: match the keys that occur exactly once on each side, keep the longest run of those
 * matches in order on both sides (longest increasing subsequence), and solve the gaps between them.
 */
function patience(run: Run, aLo: number, aHi: number, bLo: number, bHi: number): void {
  run.exact = false
  const anchors = uniqueAnchors(run.a, run.b, aLo, aHi, bLo, bHi)
  // no anchor: nothing is matched in this region (rather than spending seconds on it)
  let pa = aLo
  let pb = bLo
  for (const [i, j] of anchors) {
    solve(run, pa, i, pb, j)
    run.out.push([i, j])
    pa = i + 1
    pb = j + 1
  }
  if (anchors.length > 0) solve(run, pa, aHi, pb, bHi)
}

/** Pairs of keys unique on both sides, the longest subset increasing on both sides. */
function uniqueAnchors(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number
): Array<[number, number]> {
  // per key: [count in a, index in a, count in b, index in b]
  const seen = new Map<number, [number, number, number, number]>()
  for (let i = aLo; i < aHi; i++) {
    const e = seen.get(a[i])
    if (e) e[0]++
    else seen.set(a[i], [1, i, 0, -1])
  }
  for (let j = bLo; j < bHi; j++) {
    const e = seen.get(b[j])
    if (e) {
      e[2]++
      e[3] = j
    }
  }
  const candidates: Array<[number, number]> = []
  for (const [ca, ia, cb, jb] of seen.values()) if (ca === 1 && cb === 1) candidates.push([ia, jb])
  candidates.sort((x, y) => x[0] - y[0])
  return longestIncreasing(candidates)
}

/** Longest subsequence of pairs (sorted by first) whose second members increase; O(k log k). */
function longestIncreasing(pairs: Array<[number, number]>): Array<[number, number]> {
  const tails: number[] = [] // index into pairs of the smallest tail of an increasing run of each length
  const prev = new Int32Array(pairs.length).fill(-1)
  for (let p = 0; p < pairs.length; p++) {
    const v = pairs[p][1]
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (pairs[tails[mid]][1] < v) lo = mid + 1
      else hi = mid
    }
    if (lo > 0) prev[p] = tails[lo - 1]
    tails[lo] = p
  }
  const result: Array<[number, number]> = []
  for (let p = tails.length ? tails[tails.length - 1] : -1; p !== -1; p = prev[p]) result.push(pairs[p])
  return result.reverse()
}
