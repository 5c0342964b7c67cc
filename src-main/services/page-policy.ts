/**
 * The Content-Security-Policy of the app's page, allowing the page's own inline scripts by their hash. The build puts
 * the page's first script inline (electron.vite.config.ts, boot-script plugin): a deep link's request for its first
 * turns then starts as the HTML is parsed, not after a second request for a script file. The build writes the hash
 * into the page's <meta> policy; a host that also sends the policy as a header (browser mode, the desktop app's
 * session) must allow the same hash, since a script runs only if every policy allows it. Hashing what the page holds,
 * rather than trusting a list, means a page edited by hand runs no inline script the hosts did not see.
 */
import { createHash } from 'node:crypto'

/** An inline script element: attributes, then its text (a script with a `src` is not inline). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The CSP source for each inline script of `html` (`'sha256-…'`), in page order. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === '') continue
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  }
  return out
}

/** `policy` with its `script-src` also allowing `html`'s inline scripts (unchanged when it has none). */
export function withInlineScripts(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html)
  if (hashes.length === 0) return policy
  const directives = policy.split(';').map((d) => d.trim())
  const i = directives.findIndex((d) => /^script-src\s/.test(d))
  if (i < 0) throw new Error('the page policy has no script-src to add the inline scripts to')
  const have = new Set(directives[i].split(/\s+/))
  directives[i] = [directives[i], ...new Set(hashes.filter((h) => !have.has(h)))].join(' ')
  return directives.join('; ')
}
