/**
 * Trace files are UTF-8 (a UTF-8 byte-order mark is skipped by the JSON reader). A file in UTF-16 or UTF-32 (what
 * Windows tools and PowerShell's `>` write) would otherwise be called "not JSON": it is named for what it is, with
 * the command that converts it. Told by its byte-order mark, else by the zero bytes that ASCII characters get in
 * those encodings (`{\0"\0` is `{"` in UTF-16LE).
 */

/** Why the file cannot be read as UTF-8, or null when nothing says it is another encoding. */
export function describeTextEncoding(head: Buffer): string | null {
  const name = encodingOf(head)
  if (!name) return null
  return (
    `${name} text: Rollscope reads JSON and JSONL in UTF-8; convert the file first ` +
    `(iconv -f ${name.replace(/ .*/, '')} -t UTF-8 FILE > FILE.utf8.jsonl)`
  )
}

function encodingOf(b: Buffer): string | null {
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'UTF-32LE (byte-order mark)'
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32BE (byte-order mark)'
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE (byte-order mark)'
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE (byte-order mark)'
  // no mark: ASCII characters with a zero byte after (LE) or before (BE) each, over the first few characters
  const n = Math.min(b.length, 64) & ~1
  if (n < 4) return null
  let le = 0
  let be = 0
  for (let i = 0; i < n; i += 2) {
    if (b[i] !== 0 && b[i] < 0x80 && b[i + 1] === 0) le++
    if (b[i] === 0 && b[i + 1] !== 0 && b[i + 1] < 0x80) be++
  }
  if (le === n / 2) return 'UTF-16LE'
  if (be === n / 2) return 'UTF-16BE'
  return null
}
