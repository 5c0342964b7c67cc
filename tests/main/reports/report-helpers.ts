/**
 * What the report reproduction tests share: a workspace of generated traces indexed through the CLI, JSON out of
 * the CLI, and the plain arithmetic the tests use to compute expected figures from the generated files themselves
 * (never from Rollscope's code).
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { captureCli } from '../../helpers/capture-cli'

export interface Workspace {
  dir: string
  cli: ReturnType<typeof captureCli>
  /** Runs the CLI, expects exit 0 and nothing on stderr but progress, and parses its JSON. */
  json<T>(...argv: string[]): Promise<T>
  /** Runs the CLI and returns its stdout (exit 0 expected). */
  text(...argv: string[]): Promise<string>
}

/** A temp folder for generated traces and a database, and the CLI bound to them. */
export function workspace(): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'rs-report-'))
  const db = join(dir, 'rollscope.db')
  const cli = captureCli(
    () => db,
    () => dir
  )
  const run = async (argv: string[]): Promise<string> => {
    const r = await cli(...argv)
    expect(r.code, `rollscope ${argv.join(' ')}: ${r.stderr}`).toBe(0)
    return r.stdout
  }
  return {
    dir,
    cli,
    json: async <T>(...argv: string[]) => JSON.parse(await run([...argv, '--json'])) as T,
    text: (...argv: string[]) => run(argv)
  }
}

/** The records of a JSONL file. */
export function readJsonl<T = Record<string, unknown>>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T)
}

export const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
/** Population standard deviation (numpy's default). */
export const pstd = (xs: number[]): number => {
  const m = mean(xs)
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)))
}
export const share = <T>(xs: T[], f: (x: T) => boolean): number => xs.filter(f).length / xs.length

/** Groups items by a key, keeping first-seen order. */
export function groupBy<T>(xs: T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const x of xs) {
    const k = key(x)
    const list = out.get(k)
    if (list) list.push(x)
    else out.set(k, [x])
  }
  return out
}
