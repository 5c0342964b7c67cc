import { tmpdir } from 'node:os'
import type { CliIo } from '../../src-main/cli/cli-io'
import { runCli } from '../../src-main/cli/run-cli'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `rollscope <argv> --db <db()>` in process (working folder `cwd()`) with an inline indexer, capturing stdout and
 * stderr. Both are read at each call, so a test's beforeAll can set the paths after creating the runner.
 */
export function captureCli(db: () => string, cwd: () => string = tmpdir): (...argv: string[]) => Promise<CliResult> {
  return async (...argv) => {
    let stdout = ''
    let stderr = ''
    const io: CliIo = {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      env: {},
      cwd: cwd(),
      stderrIsTTY: false,
      stderrColumns: 80,
      indexer: 'inline',
      staticDir: null,
      demoPath: null
    }
    const code = await runCli([...argv, '--db', db()], io)
    return { code, stdout, stderr }
  }
}
