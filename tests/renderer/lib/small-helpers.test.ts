import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { RUN_COLORS, VERDICT_COLORS } from '@contract/display'
import { ApiCallError } from '../../../src-renderer/src/api/api-error'
import { envRefusal } from '../../../src-renderer/src/api/env-refusal'
import { heat, heatStyle } from '../../../src-renderer/src/lib/heat'
import { runColorsCss } from '../../../src-renderer/src/lib/run-colors'

describe('run colours, heat, refusal', () => {
  it('gives the app the shared run colours as CSS variables, light and dark', () => {
    const css = runColorsCss()
    expect(css).toContain(`--cmp-a:${RUN_COLORS.a}`)
    expect(css).toContain(`--cmp-b:${RUN_COLORS.b}`)
    expect(css).toContain(`:root[data-theme='dark']{--cmp-a:${RUN_COLORS.aDark}`)
  })

  it('colours better and worse in the app as the reports do', () => {
    const css = readFileSync(
      resolve(import.meta.dirname, '../../../src-renderer/src/styles/verdict-colours.module.css'),
      'utf8'
    )
    expect(css).toContain(`--better: light-dark(${VERDICT_COLORS.better}, ${VERDICT_COLORS.betterDark})`)
    expect(css).toContain(`--worse: light-dark(${VERDICT_COLORS.worse}, ${VERDICT_COLORS.worseDark})`)
  })

  it('shades a value: green above the middle, red below, none without a value', () => {
    expect(heat(1)).toEqual({ color: 'good', mix: 38 })
    expect(heat(0)).toEqual({ color: 'bad', mix: 38 })
    expect(heat(0.5)).toEqual({ color: 'good', mix: 0 })
    expect(heat(2)).toEqual({ color: 'good', mix: 38 })
    expect(heat(null)).toBeNull()
    expect(heatStyle(0.75)).toEqual({ background: 'color-mix(in srgb, var(--good) 19%, transparent)' })
    expect(heatStyle(Number.NaN)).toEqual({})
  })

  it('knows the engine’s refusal to pair runs of different environments from other failures', () => {
    const refusal = new ApiCallError(
      'not-comparable',
      'These runs are of different environments (a is “x”, b is “y”): …',
      'compareRuns'
    )
    expect(envRefusal(refusal)).toBe(refusal.message)
    expect(envRefusal(new ApiCallError('bad-request', 'filter: unexpected "!!"', 'compareRuns'))).toBeNull()
    expect(envRefusal(new ApiCallError('internal', 'different environments', 'compareRuns'))).toBeNull()
    expect(envRefusal(new Error('different environments'))).toBeNull()
  })
})

describe('units of compare figures by key', () => {
  it('knows the compare keys; shares and counts by prefix; anything else is plain', async () => {
    const { unitOfKey } = await import('../../../src-renderer/src/lib/metric-unit')
    expect(['reward', 'passRate', 'steps', 'messages', 'tokensOut', 'generationMs'].map(unitOfKey)).toEqual([
      'reward',
      'rate',
      'steps',
      'messages',
      'tokens',
      'ms'
    ])
    expect(unitOfKey('termination:max_turns')).toBe('rate')
    expect(unitOfKey('toolFree:bash')).toBe('rate')
    expect(unitOfKey('toolCalls:bash')).toBe('count')
    expect(unitOfKey('metric:judge')).toBe('plain')
  })
})

describe('trace strings in one line or a tooltip (issue 17 item 7)', () => {
  it('displayValue and readable drop terminal escapes and write bidi overrides out', async () => {
    const { displayValue } = await import('../../../src-renderer/src/lib/display-value')
    const { readable } = await import('../../../src-renderer/src/lib/readable')
    expect(displayValue('\u001b[31mFAILED\u001b[0m x\u202Ey')).toEqual({
      short: 'FAILED x<U+202E RLO>y',
      full: 'FAILED x<U+202E RLO>y'
    })
    expect(readable('task\u2067-1\u2069')).toBe('task<U+2067 RLI>-1<U+2069 PDI>')
  })
})
