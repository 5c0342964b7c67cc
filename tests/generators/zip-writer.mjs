/**
 * A tiny zip writer for tests and the bench corpus: builds archives member by member (stored, deflate or zstd),
 * optionally with a lying size field. Types in zip-writer.d.mts.
 */
import { crc32, deflateRawSync, zstdCompressSync } from 'node:zlib'

/** @param {import('./zip-writer.d.mts').ZipMember[]} members @returns {Buffer} */
export function buildZip(members) {
  /** @type {Buffer[]} */
  const locals = []
  /** @type {Buffer[]} */
  const centrals = []
  let offset = 0
  for (const m of members) {
    const raw = Buffer.isBuffer(m.data)
      ? m.data
      : Buffer.from(typeof m.data === 'string' ? m.data : JSON.stringify(m.data))
    const method = m.method ?? 8
    const body = method === 0 ? raw : method === 8 ? deflateRawSync(raw) : zstdCompressSync(raw)
    const name = Buffer.from(m.name)
    const crc = crc32(raw)
    const size = m.declaredSize ?? raw.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(Math.min(size, 0xffffffff), 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(Math.min(size, 0xffffffff), 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += 30 + name.length + body.length
  }
  const cd = Buffer.concat(centrals)
  const eocd = Buffer.alloc(22)
  eocd.writeUInt32LE(0x06054b50, 0)
  eocd.writeUInt16LE(members.length, 8)
  eocd.writeUInt16LE(members.length, 10)
  eocd.writeUInt32LE(cd.length, 12)
  eocd.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, eocd])
}
