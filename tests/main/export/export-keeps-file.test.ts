/**
 * `rollscope export --out FILE` (and the desktop's save dialog, the same sink): a failed export leaves the file that
 * was at FILE as it was, and no partial or temporary file; a complete one replaces it, with its permissions.
 */
import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { captureCli } from '../../helpers/capture-cli'
import { writeToFile } from '../../../src-main/export/file-sink'

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)
const rows = (answer: string): string =>
  ['a', 'b']
    .map((t) =>
      JSON.stringify({
        id: t,
        reward: 1,
        messages: [
          { role: 'user', content: `q ${t}` },
          { role: 'assistant', content: answer }
        ]
      })
    )
    .join('\n') + '\n'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-export-keeps-'))
  writeFileSync(join(dir, 'run.jsonl'), rows('first answer'))
  expect((await cli('index', join(dir, 'run.jsonl'))).code).toBe(0)
})

describe('an export to a file that is there already', () => {
  it('replaces it when complete, keeping its permissions; through a symlink, the file it points at', async () => {
    writeFileSync(join(dir, 'out.jsonl'), 'old\n')
    chmodSync(join(dir, 'out.jsonl'), 0o600)
    symlinkSync(join(dir, 'out.jsonl'), join(dir, 'link.jsonl'))
    expect((await cli('export', '--format', 'jsonl', '--out', 'link.jsonl')).code).toBe(0)
    expect(readFileSync(join(dir, 'out.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2)
    expect(statSync(join(dir, 'out.jsonl')).mode & 0o777).toBe(0o600)
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true)
  })

  it('leaves it as it was when the export fails, and no temporary file beside it', async () => {
    writeFileSync(join(dir, 'keep.jsonl'), 'PREVIOUS IMPORTANT DATA\n')
    // the source rewritten since it was indexed: reading its episodes back fails
    writeFileSync(join(dir, 'run.jsonl'), rows('another, longer answer that moves every byte'))
    const r = await cli('export', '--format', 'jsonl', '--out', 'keep.jsonl')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('changed since it was indexed')
    expect(readFileSync(join(dir, 'keep.jsonl'), 'utf8')).toBe('PREVIOUS IMPORTANT DATA\n')
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([])
  })

  it('a folder at the path is refused before anything is written', async () => {
    await expect(writeToFile(dir, async () => 1)).rejects.toMatchObject({ code: 'EISDIR' })
  })

  it('a device is written as it is, never replaced or removed', async () => {
    await expect(
      writeToFile('/dev/null', async (write) => {
        await write('x')
        throw new Error('failed mid-way')
      })
    ).rejects.toThrow('failed mid-way')
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true)
  })
})
