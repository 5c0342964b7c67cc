/**
 * Synthetic code-, log- and prose-like text for the benchmark corpus. About 0.3% of words are non-ASCII
 * (accents, CJK, emoji), so most long texts contain multi-byte UTF-8: the realistic (slower) decoding case.
 */

/** @typedef {import('../prng.mjs').Rng} Rng */

const WORDS = (
  'the a of to and in is for that with on as by it this be are from at or an was not but which value result ' +
  'function return error test file line data model token reward step episode agent tool call output input state ' +
  'index batch query cache worker thread buffer parse config module request response server client timeout retry ' +
  'update insert select table column row key map list array string number object field count total mean score ' +
  'check assert expected actual failed passed skipped warning debug info trace path node edge graph tree search'
).split(' ')
const IDENTS = [
  'x',
  'y',
  'n',
  'i',
  'acc',
  'buf',
  'cfg',
  'ctx',
  'df',
  'res',
  'item',
  'node',
  'rows',
  'total',
  'tokens',
  'scores'
]
const NON_ASCII = [
  'café',
  'naïve',
  'Größe',
  'résumé',
  '日本語',
  '数据',
  'Ωmega',
  'über',
  'señal',
  '🚀',
  '✓',
  '—',
  'Привет',
  'ñandú'
]
const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR']

/** One word; 0.3% of the time a non-ASCII one. @param {Rng} rng */
export function word(rng) {
  return rng.next() < 0.003
    ? NON_ASCII[Math.floor(rng.next() * NON_ASCII.length)]
    : WORDS[Math.floor(rng.next() * WORDS.length)]
}

/** `n` words joined by spaces. @param {Rng} rng @param {number} n */
export function words(rng, n) {
  let s = word(rng)
  for (let i = 1; i < n; i++) s += ' ' + word(rng)
  return s
}

/** A sentence of prose. @param {Rng} rng */
export function sentence(rng) {
  const s = words(rng, 6 + Math.floor(rng.next() * 14))
  return s[0].toUpperCase() + s.slice(1) + '.'
}

/** @param {Rng} rng */
function logLine(rng, t) {
  const lvl = LEVELS[Math.floor(rng.next() * LEVELS.length)]
  const ms = (rng.next() * 900).toFixed(1)
  return `2025-09-30T${String(t % 24).padStart(2, '0')}:${String((t * 7) % 60).padStart(2, '0')}:${String((t * 13) % 60).padStart(2, '0')}.${String(t % 1000).padStart(3, '0')}Z ${lvl.padEnd(5)} worker[${t % 8}] ${words(rng, 3 + Math.floor(rng.next() * 6))} id=${rng.hex(8)} in ${ms} ms`
}

/** @param {Rng} rng @param {number} depth */
function codeLine(rng, depth) {
  const a = IDENTS[Math.floor(rng.next() * IDENTS.length)]
  const b = IDENTS[Math.floor(rng.next() * IDENTS.length)]
  const pad = '    '.repeat(depth)
  switch (Math.floor(rng.next() * 7)) {
    case 0:
      return `${pad}for ${a} in ${b}:`
    case 1:
      return `${pad}if ${a} > ${Math.floor(rng.next() * 1000)}:`
    case 2:
      return `${pad}# ${words(rng, 4 + Math.floor(rng.next() * 8))}`
    case 3:
      return `${pad}${a} = ${b}.get("${word(rng)}", ${Math.floor(rng.next() * 100)})`
    case 4:
      return `${pad}return ${a} * ${rng.next().toFixed(4)}`
    case 5:
      return `${pad}def ${word(rng).replace(/\W/g, '') || 'fn'}_${a}(${b}, ${a}=None):`
    default:
      return `${pad}${a}.append(${b}[${Math.floor(rng.next() * 64)}])  # ${word(rng)}`
  }
}

/** @param {Rng} rng @param {number} k */
function testLine(rng, k) {
  const st = rng.next() < 0.85 ? 'PASSED' : rng.next() < 0.7 ? 'FAILED' : 'SKIPPED'
  return `tests/test_${word(rng).replace(/\W/g, 'x')}.py::test_${word(rng).replace(/\W/g, 'x')}_${k} ${st} [${String(k % 100).padStart(3)}%]`
}

/**
 * A code- or log-like block of about `bytes` UTF-16 code units (the usual shape of a long tool observation).
 * @param {Rng} rng @param {number} bytes
 */
export function block(rng, bytes) {
  const kind = Math.floor(rng.next() * 4)
  const lines = []
  let size = 0
  let t = Math.floor(rng.next() * 100000)
  let depth = 0
  while (size < bytes) {
    let line
    if (kind === 0) line = logLine(rng, t++)
    else if (kind === 1) {
      line = codeLine(rng, depth)
      depth = line.endsWith(':') ? Math.min(depth + 1, 4) : rng.next() < 0.2 ? Math.max(depth - 1, 0) : depth
    } else if (kind === 2) line = testLine(rng, t++)
    else line = sentence(rng) + ' ' + sentence(rng)
    lines.push(line)
    size += line.length + 1
  }
  return lines.join('\n')
}
