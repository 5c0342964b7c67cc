/** The zip reader: central directory from the tail, only the asked member read, every method, clear errors. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_ZIP_MEMBER, ZipArchive, ZipError } from '../../../src-main/formats/readers/zip-reader'
import { buildZip } from '../../generators/zip-writer.mjs'
import { fixture } from '../../helpers/fixtures-path'

const dir = mkdtempSync(join(tmpdir(), 'rs-zip-'))
const write = (name: string, bytes: Buffer): string => {
  const p = join(dir, name)
  writeFileSync(p, bytes)
  return p
}

describe('ZipArchive', () => {
  it('lists the members of a real Inspect log and reads one (deflate)', () => {
    const zip = ZipArchive.open(fixture('inspect-ai/log_formats.eval'))
    expect(zip.names().sort()).toEqual([
      '_journal/start.json',
      '_journal/summaries/1.json',
      'header.json',
      'reductions.json',
      'samples/1_epoch_1.json',
      'summaries.json'
    ])
    expect(zip.entries.get('samples/1_epoch_1.json')).toMatchObject({ method: 8, size: 8105 })
    expect((zip.readJson('header.json') as { status: string }).status).toBe('success')
  })

  it('reads stored, deflate and zstd members alike', () => {
    const data = { hello: 'x'.repeat(1000) }
    const p = write(
      'methods.zip',
      buildZip([
        { name: 'a.json', data, method: 0 },
        { name: 'b.json', data, method: 8 },
        { name: 'c.json', data, method: 93 }
      ])
    )
    const zip = ZipArchive.open(p)
    expect(zip.entries.get('c.json')?.method).toBe(93)
    for (const n of ['a.json', 'b.json', 'c.json']) expect(zip.readJson(n)).toEqual(data)
  })

  it('refuses a member over the size cap by its declared size, naming it and the limit', () => {
    const p = write(
      'huge.zip',
      buildZip([{ name: 'samples/1_epoch_1.json', data: '{}', declaredSize: MAX_ZIP_MEMBER + 1 }])
    )
    expect(() => ZipArchive.open(p).read('samples/1_epoch_1.json')).toThrow(
      /^zip member samples\/1_epoch_1\.json is \d+ MB uncompressed, over the 1024 MB limit \(ROLLSCOPE_MAX_ZIP_MEMBER_MB\)$/
    )
  })

  it('a member that inflates past its declared size is stopped (zip bomb)', () => {
    const p = write('bomb.zip', buildZip([{ name: 'x.json', data: Buffer.alloc(5_000_000), declaredSize: 1000 }]))
    expect(() => ZipArchive.open(p).read('x.json')).toThrow(
      /inflates past its declared 0\.0 MB \(corrupt or malicious archive\)/
    )
  })

  it('truncated or corrupt archives get a specific ZipError', () => {
    const good = buildZip([{ name: 'a.json', data: { a: 1 } }])
    expect(() => ZipArchive.open(write('cut.zip', good.subarray(0, good.length - 30)))).toThrow(ZipError)
    expect(() => ZipArchive.open(write('cut.zip', good.subarray(0, good.length - 30)))).toThrow(
      /truncated or still being written|past the end/
    )
    const noEnd = write('noend.zip', good.subarray(0, 40))
    expect(() => ZipArchive.open(noEnd)).toThrow(
      'no zip end-of-central-directory record: the archive is truncated or still being written'
    )
    const corrupt = Buffer.from(good)
    corrupt.writeUInt32LE(0xdeadbeef, good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])))
    expect(() => ZipArchive.open(write('corrupt.zip', corrupt))).toThrow(
      'zip central directory entry 1 of 1 is corrupt'
    )
    expect(() => ZipArchive.open(write('m.zip', good)).read('nope.json')).toThrow('the archive has no member nope.json')
  })

  it('reads ZIP64 directories (saturated fields with a ZIP64 end record)', () => {
    // rewrite a small archive's EOCD into ZIP64 form: EOCD64 + locator + an EOCD whose fields are saturated
    const base = buildZip([{ name: 'a.json', data: { z: 64 } }])
    const eocdAt = base.length - 22
    const cdSize = base.readUInt32LE(eocdAt + 12)
    const cdOffset = base.readUInt32LE(eocdAt + 16)
    const rec = Buffer.alloc(56)
    rec.writeUInt32LE(0x06064b50, 0)
    rec.writeBigUInt64LE(44n, 4)
    rec.writeBigUInt64LE(1n, 24)
    rec.writeBigUInt64LE(1n, 32)
    rec.writeBigUInt64LE(BigInt(cdSize), 40)
    rec.writeBigUInt64LE(BigInt(cdOffset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeBigUInt64LE(BigInt(eocdAt), 8)
    const eocd = Buffer.alloc(22)
    eocd.writeUInt32LE(0x06054b50, 0)
    eocd.writeUInt16LE(0xffff, 8)
    eocd.writeUInt16LE(0xffff, 10)
    eocd.writeUInt32LE(0xffffffff, 12)
    eocd.writeUInt32LE(0xffffffff, 16)
    const p = write('z64.zip', Buffer.concat([base.subarray(0, eocdAt), rec, locator, eocd]))
    expect(ZipArchive.open(p).readJson('a.json')).toEqual({ z: 64 })
  })
})
