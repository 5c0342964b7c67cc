/**
 * Hostile inputs of issue 17 (small files that inflate or nest without bound), generated for the bad-input tests and
 * the bench's hostile phase. Each writer streams what it writes (never the inflated text in memory): a 240 MB zip
 * member is deflated chunk by chunk, a 60 MB line is written in pieces. Types in hostile-inputs.d.mts.
 */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { constants, crc32, deflateRawSync } from 'node:zlib'

const CHUNK = 4 << 20

/**
 * The pieces of `prefix + unit + ',' + unit … (count times) + suffix`, each at most about CHUNK bytes: the middle
 * pieces are one and the same Buffer, so a huge list costs one piece of memory (and one deflate: see deflatePieces).
 * @param {string} prefix @param {string} unit @param {number} count @param {string} suffix
 * @returns {Buffer[]}
 */
function repeatedList(prefix, unit, count, suffix) {
  const per = Math.max(1, Math.floor(CHUNK / (unit.length + 1)))
  const block = Buffer.from((',' + unit).repeat(per))
  const pieces = [Buffer.from(prefix + unit)]
  let left = count - 1
  for (; left >= per; left -= per) pieces.push(block)
  pieces.push(Buffer.from((',' + unit).repeat(left) + suffix))
  return pieces
}

/**
 * The pieces deflated into one raw-deflate stream, with the crc32 and size of the inflated bytes. Each piece is
 * compressed on its own and sync-flushed (no final block; a piece seen before reuses its compressed bytes), and an
 * empty final block ends the stream: a valid deflate stream, built fast whatever its inflated size.
 * @param {Buffer[]} pieces
 */
function deflatePieces(pieces) {
  /** @type {Map<Buffer, Buffer>} */
  const done = new Map()
  /** @type {Buffer[]} */
  const out = []
  let crc = 0
  let size = 0
  for (const piece of pieces) {
    crc = crc32(piece, crc)
    size += piece.length
    let z = done.get(piece)
    if (!z) done.set(piece, (z = deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })))
    out.push(z)
  }
  out.push(deflateRawSync(Buffer.alloc(0)))
  return { data: Buffer.concat(out), crc, size }
}

/**
 * A zip archive of members given as already-deflated bodies (method 8) or small stored JSON.
 * @param {{ name: string, body: Buffer, crc: number, size: number, method: number }[]} members
 */
function zipOf(members) {
  /** @type {Buffer[]} */
  const locals = []
  /** @type {Buffer[]} */
  const centrals = []
  let offset = 0
  for (const m of members) {
    const name = Buffer.from(m.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(m.method, 8)
    local.writeUInt32LE(m.crc, 14)
    local.writeUInt32LE(m.body.length, 18)
    local.writeUInt32LE(m.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(m.method, 10)
    central.writeUInt32LE(m.crc, 16)
    central.writeUInt32LE(m.body.length, 20)
    central.writeUInt32LE(m.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, m.body)
    centrals.push(central, name)
    offset += 30 + name.length + m.body.length
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

/** @param {string} name @param {unknown} value */
function jsonMember(name, value) {
  const raw = Buffer.from(JSON.stringify(value))
  return { name, body: deflateRawSync(raw), crc: crc32(raw), size: raw.length, method: 8 }
}

/** A small valid Inspect header (EvalLog without samples). @param {string} task */
export function inspectHeader(task) {
  return {
    version: 2,
    status: 'success',
    eval: {
      run_id: 'hostile-run',
      eval_id: 'hostile-eval',
      task,
      task_id: 'hostile-task',
      created: '2026-11-20T10:00:00+00:00',
      model: 'openai/gpt-4.1-mini',
      dataset: { name: 'hostile' },
      config: { epochs: 1 }
    },
    plan: { name: 'plan', steps: [{ solver: 'generate', params: {} }] },
    results: {
      total_samples: 1,
      completed_samples: 1,
      scores: [{ name: 'match', scorer: 'match', metrics: { accuracy: { name: 'accuracy', value: 1 } } }]
    },
    stats: { started_at: '2026-11-20T10:00:00+00:00', completed_at: '2026-11-20T10:05:00+00:00' }
  }
}

/** Two tiny messages, about 47 bytes each: what the 5.1 M-message sample held. */
const TINY_PAIR = '{"role":"user","content":"say ok","source":"input"},{"role":"assistant","content":"ok, said"}'

/**
 * An Inspect `.eval` whose one sample member inflates to a transcript of `messages` tiny messages (issue 17: 5.1 M
 * messages, 240 MB inflated, a 699 KB file). Returns the sizes written.
 * @param {string} path @param {{ messages?: number }} [opts]
 */
export function writeEvalManyMessages(path, { messages = 5_100_000 } = {}) {
  const head = JSON.stringify({ id: 1, epoch: 1, input: 'Say ok, many times.', target: 'ok' }).slice(0, -1)
  const tail = `],"scores":{"match":{"value":"C","answer":"ok"}},"metadata":{"kind":"hostile"}}`
  const sample = deflatePieces(repeatedList(`${head},"messages":[`, TINY_PAIR, Math.ceil(messages / 2), tail))
  const bytes = zipOf([
    jsonMember('header.json', inspectHeader('many-messages')),
    { name: 'samples/1_epoch_1.json', body: sample.data, crc: sample.crc, size: sample.size, method: 8 }
  ])
  writeFileSync(path, bytes)
  return { fileBytes: bytes.length, inflatedBytes: sample.size, messages }
}

/**
 * An Inspect `.eval` whose `header.json` inflates to about `mb` MB of tiny plan steps (issue 17: 250 MB from 243 KB),
 * with one ordinary sample.
 * @param {string} path @param {{ mb?: number }} [opts]
 */
export function writeEvalBigHeader(path, { mb = 250 } = {}) {
  const header = JSON.stringify(inspectHeader('big-header'))
  const [before, after] = header.split('"steps":[{"solver":"generate","params":{}}]')
  const step = '{"solver":"solve","params":{}}'
  const h = deflatePieces(repeatedList(`${before}"steps":[`, step, Math.round((mb * 1e6) / 31), `]${after}`))
  const bytes = zipOf([
    { name: 'header.json', body: h.data, crc: h.crc, size: h.size, method: 8 },
    jsonMember('samples/1_epoch_1.json', {
      id: 1,
      epoch: 1,
      input: 'What is 2 + 2?',
      target: '4',
      messages: [
        { role: 'user', content: 'What is 2 + 2?' },
        { role: 'assistant', content: '4' }
      ],
      scores: { match: { value: 'C', answer: '4' } }
    })
  ])
  writeFileSync(path, bytes)
  return { fileBytes: bytes.length, inflatedBytes: h.size }
}

/**
 * Writes the pieces to a file (repeated pieces are one Buffer: see repeatedList).
 * @param {string} path @param {Buffer[]} pieces
 */
function writePieces(path, pieces) {
  const fd = openSync(path, 'w')
  let bytes = 0
  try {
    for (const piece of pieces) {
      writeSync(fd, piece)
      bytes += piece.length
    }
  } finally {
    closeSync(fd)
  }
  return bytes
}

/**
 * A chat JSONL file whose first line is one episode of `messages` tiny messages (issue 17: 1.8 M messages, a 60 MB
 * line), followed by an ordinary episode.
 * @param {string} path @param {{ messages?: number }} [opts]
 */
export function writeJsonlHugeLine(path, { messages = 1_800_000 } = {}) {
  const pair = '{"role":"user","content":"x1"},{"role":"assistant","content":"y2"}'
  const after = `\n${JSON.stringify(chatRecord('small', 1))}\n`
  const pieces = repeatedList('{"id":"huge","reward":0.5,"messages":[', pair, Math.ceil(messages / 2), `]}${after}`)
  const bytes = writePieces(path, pieces)
  return { fileBytes: bytes, messages }
}

/**
 * A pretty-printed JSON document (several lines, so it is read as one whole-file value) of `mb` MB of tiny nodes
 * (issue 17: 63 MB).
 * @param {string} path @param {{ mb?: number }} [opts]
 */
export function writeJsonTinyNodes(path, { mb = 63 } = {}) {
  const bytes = writePieces(
    path,
    repeatedList('{\n"results": [', '\n {"k":7}', Math.round((mb * 1e6) / 10), '\n]\n}\n')
  )
  return { fileBytes: bytes }
}

/** `depth` nested objects `{"a":{"a":…}}` around `leaf`, as JSON text. @param {number} depth @param {string} [leaf] */
export function nestedJson(depth, leaf = '1') {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth)
}

/** `depth` nested arrays `[[[…]]]` around `leaf`. @param {number} depth @param {string} [leaf] */
export function nestedArrays(depth, leaf = '"deep"') {
  return '['.repeat(depth) + leaf + ']'.repeat(depth)
}

/** An ordinary chat JSONL record. @param {string} id @param {number} reward @param {Record<string, unknown>} [extra] */
export function chatRecord(id, reward, extra = {}) {
  return {
    id,
    reward,
    messages: [
      { role: 'user', content: `task ${id}` },
      { role: 'assistant', content: `answer ${id}` }
    ],
    ...extra
  }
}

/**
 * A chat JSONL record whose `info` is nested `depth` levels deep (issue 17: 10,000), as one line of text.
 * @param {string} id @param {number} depth
 */
export function deepInfoLine(id, depth) {
  return JSON.stringify(chatRecord(id, 1)).slice(0, -1) + `,"info":${nestedJson(depth)}}`
}

/**
 * A chat JSONL record whose assistant message's `content` is nested `depth` arrays deep, as one line of text.
 * @param {string} id @param {number} depth
 */
export function deepContentLine(id, depth) {
  return (
    `{"id":${JSON.stringify(id)},"reward":1,"messages":[{"role":"user","content":"task ${id}"},` +
    `{"role":"assistant","content":${nestedArrays(depth)}}]}`
  )
}

/**
 * A chat JSONL file whose first `lines` lines (default 1) are each one `mb` MB record (a long assistant text), then
 * an ordinary record: the "100 MB line" of PRODUCT.md §5.
 * @param {string} path @param {{ mb?: number, lines?: number }} [opts]
 */
export function writeLongLine(path, { mb = 100, lines = 1 } = {}) {
  const block = Buffer.from('lorem ipsum '.repeat(Math.ceil(CHUNK / 12)))
  const pieces = []
  for (let line = 0; line < lines; line++) {
    const id = lines === 1 ? 'long' : `long-${line + 1}`
    pieces.push(
      Buffer.from(`{"id":"${id}","reward":1,"messages":[{"role":"user","content":"go"},{"role":"assistant","content":"`)
    )
    for (let left = mb * 1e6; left > 0; left -= block.length)
      pieces.push(left >= block.length ? block : block.subarray(0, left))
    pieces.push(Buffer.from('"}]}\n'))
  }
  pieces.push(Buffer.from(`${JSON.stringify(chatRecord('after-long', 1))}\n`))
  return { fileBytes: writePieces(path, pieces) }
}
