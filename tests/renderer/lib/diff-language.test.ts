import { describe, expect, it } from 'vitest'
import { DIFF_TOKENS, MONACO_THEMES } from '../../../src-renderer/src/lib/diff-language'

/** The token the diff language gives a line (the first rule whose pattern matches it, as Monarch does). */
const tokenOf = (line: string): string => DIFF_TOKENS.tokenizer.root.find(([re]) => re.test(line))![1]
const colourOf = (theme: keyof typeof MONACO_THEMES, token: string): string | undefined =>
  MONACO_THEMES[theme].rules.find((r) => r.token === token)?.foreground

describe('the diff language of the Monaco views', () => {
  it('added lines are green and removed lines red, in both themes', () => {
    expect(tokenOf('+    return x')).toBe('inserted')
    expect(tokenOf('-    return y')).toBe('deleted')
    expect(tokenOf('+++ b/app.py')).toBe('keyword')
    expect(tokenOf('@@ -1,3 +1,3 @@ def f():')).toBe('type')
    for (const theme of ['rollscope-light', 'rollscope-dark'] as const) {
      const [r, g] = [0, 2].map((i) => parseInt(colourOf(theme, 'inserted')!.slice(i, i + 2), 16))
      const [dr, dg] = [0, 2].map((i) => parseInt(colourOf(theme, 'deleted')!.slice(i, i + 2), 16))
      expect(g, `${theme}: inserted is green`).toBeGreaterThan(r)
      expect(dr, `${theme}: deleted is red`).toBeGreaterThan(dg)
    }
  })
})
