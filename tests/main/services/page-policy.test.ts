/**
 * The page's policy allowing its own inline scripts by hash (services/page-policy.ts): the hash a browser checks
 * (sha256 of the script's text, base64), only for inline scripts, added once to script-src and nowhere else.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, withInlineScripts } from '../../../src-main/services/page-policy'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/server/security'

const sha = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('page policy', () => {
  it('hashes each inline script as the browser does, skipping scripts with a src and empty ones', () => {
    const a = '(()=>{window.x=`é`})();'
    const b = '\n  console.log(1)\n'
    const html = `<script data-first>${a}</script><script type="module" src="./m.js"></script>
      <SCRIPT>${b}</SCRIPT ><script src=x.js>ignored</script><script></script>`
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha(b)])
  })

  it('adds the hashes to script-src alone, once each, and leaves a page without inline scripts as it was', () => {
    const code = '(()=>{})();'
    const html = `<script>${code}</script><script>${code}</script>`
    const policy = withInlineScripts(CONTENT_SECURITY_POLICY, html)
    expect(policy).toBe(CONTENT_SECURITY_POLICY.replace("script-src 'self';", `script-src 'self' ${sha(code)};`))
    expect(withInlineScripts(policy, html)).toBe(policy)
    expect(withInlineScripts(CONTENT_SECURITY_POLICY, '<script src="a.js"></script>')).toBe(CONTENT_SECURITY_POLICY)
    expect(() => withInlineScripts("default-src 'self'", html)).toThrow(/no script-src/)
  })
})
