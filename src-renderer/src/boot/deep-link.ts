/**
 * The episode a location hash links to, read without the app's router (state/hash-route.ts): the page's very first
 * script (head-fetch.ts) must not import anything, so this is the one rule it needs, kept equal to parseHash's for
 * `#/run/<ids>/episode/<id>[/turn/<n>]` by tests/renderer/boot/deep-link.test.ts.
 */
export interface DeepLink {
  episodeId: string
  /** The link's turn index; 0 without one. */
  turn: number
}

export function deepLinkOf(hash: string): DeepLink | null {
  const text = hash.replace(/^#/, '')
  const q = text.indexOf('?')
  const parts = (q === -1 ? text : text.slice(0, q)).split('/').filter((p) => p !== '')
  if (parts[0] !== 'run' || !parts[1] || parts[2] !== 'episode' || !parts[3]) return null
  if (parts[1].split(',').some((id) => id === '' || decode(id) === null)) return null
  const episodeId = decode(parts[3])
  if (episodeId === null) return null
  const turn = parts[4] === 'turn' && /^\d{1,9}$/.test(parts[5] ?? '') ? Number(parts[5]) : 0
  return { episodeId, turn }
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}
