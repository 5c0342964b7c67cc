/** UTF-8 byte order mark, which a JSONL line or a JSON file may start with (the parsers drop it). */
const BOM = [0xef, 0xbb, 0xbf]

/** 3 when `bytes` start with a UTF-8 byte order mark, else 0: where their JSON starts. */
export function utf8BomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0
}
