/**
 * Tiny seeded PRNG (mulberry32) plus the few helpers the synthetic-data generators need.
 * Deterministic across platforms: only 32-bit integer math and one division.
 */

/**
 * Hashes a string seed to 32 bits (FNV-1a), so seeds can be readable labels.
 * @param {string} text
 * @returns {number}
 */
export function hashSeed(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * Raw mulberry32 generator: returns floats in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * @typedef {object} Rng
 * @property {() => number} next float in [0, 1)
 * @property {(min: number, max: number) => number} int integer in [min, max] (both inclusive)
 * @property {(min: number, max: number) => number} float float in [min, max)
 * @property {<T>(items: readonly T[]) => T} pick one element, uniformly
 * @property {<T>(items: readonly T[], weights: readonly number[]) => T} weighted one element, by weight
 * @property {(p: number) => boolean} chance true with probability p
 * @property {(mean?: number, sd?: number) => number} gaussian normal sample (Box-Muller)
 * @property {<T>(items: readonly T[]) => T[]} shuffle a shuffled copy (Fisher-Yates)
 * @property {(length: number) => string} hex lowercase hex string of the given length
 * @property {(label: string) => Rng} fork an independent generator derived from this one's seed and a label
 */

/**
 * Creates a seeded generator. A string seed is hashed; the same seed always gives the same sequence.
 * @param {number | string} seed
 * @returns {Rng}
 */
export function createRng(seed) {
  const base = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0
  const next = mulberry32(base)
  /** @type {Rng} */
  const rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items, weights) => {
      const total = weights.reduce((s, w) => s + w, 0)
      let r = next() * total
      for (let i = 0; i < items.length; i++) {
        r -= weights[i]
        if (r < 0) return items[i]
      }
      return items[items.length - 1]
    },
    chance: (p) => next() < p,
    gaussian: (mean = 0, sd = 1) => {
      // 1 - next() keeps the log argument in (0, 1].
      const u = 1 - next()
      const v = next()
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
    },
    shuffle: (items) => {
      const out = items.slice()
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        const t = out[i]
        out[i] = out[j]
        out[j] = t
      }
      return out
    },
    hex: (length) => {
      let s = ''
      while (s.length < length)
        s += Math.floor(next() * 4294967296)
          .toString(16)
          .padStart(8, '0')
      return s.slice(0, length)
    },
    fork: (label) => createRng(hashSeed(`${base}:${label}`))
  }
  return rng
}
