/** Types for prng.mjs (the tests import the plain-JS generators from TypeScript). */
export interface Rng {
  next(): number
  int(min: number, max: number): number
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  weighted<T>(items: readonly T[], weights: readonly number[]): T
  chance(p: number): boolean
  gaussian(mean?: number, sd?: number): number
  shuffle<T>(items: readonly T[]): T[]
  hex(length: number): string
  fork(label: string): Rng
}

/** FNV-1a hash of a string seed. */
export function hashSeed(text: string): number
/** Raw mulberry32 generator: floats in [0, 1). */
export function mulberry32(seed: number): () => number
/** Seeded generator with helpers. */
export function createRng(seed: number | string): Rng
