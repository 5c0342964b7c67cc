/** Runs the CLI in-process with captured output. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CliIo } from '../../../src-main/cli/cli-io'
import { runCli } from '../../../src-main/cli/run-cli'
import { createFakeEngine, type FakeEngine, type FakeIndexScenario } from './fake-engine'

export interface CliOutcome {
  code: number
  stdout: string
  stderr: string
  engines: FakeEngine[]
}

/** A temp folder with an (empty) file standing in for an existing database. */
export function tempWorkspace(): { dir: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rollscope-cli-'))
  const db = join(dir, 'test.db')
  writeFileSync(db, '')
  return { dir, db }
}

/** Runs `argv` against fake engines (one per openEngine call). */
export async function runFake(
  argv: string[],
  extra: Partial<CliIo> & { scenario?: FakeIndexScenario } = {}
): Promise<CliOutcome> {
  let stdout = ''
  let stderr = ''
  const engines: FakeEngine[] = []
  const { scenario, ...ioExtra } = extra
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: {},
    cwd: tmpdir(),
    stderrIsTTY: false,
    stderrColumns: 80,
    staticDir: null,
    demoPath: null,
    createEngine: (options) => {
      const engine = createFakeEngine(scenario)
      engine.options = options
      engines.push(engine)
      return engine
    },
    ...ioExtra
  }
  const code = await runCli(argv, io)
  return { code, stdout, stderr, engines }
}
