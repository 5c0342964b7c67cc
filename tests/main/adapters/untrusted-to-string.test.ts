/**
 * A value of the file turned into text must not run the file's own `toString`: JSON can make it no function
 * (`{"toString": false}`), and String() then throws a TypeError out of the adapter (found by the Harbor property
 * test: a message role of that shape).
 */
import { describe, expect, it } from 'vitest'
import { normalizeRole } from '../../../src-main/formats/adapters/roles'
import { scalarText } from '../../../src-main/formats/adapters/record-fields'

const hostile = JSON.parse('{"toString": false, "valueOf": 1}') as unknown

describe('turning untrusted values into text', () => {
  it('a role that is no string reads as user, whatever it holds', () => {
    expect(normalizeRole(hostile)).toBe('user')
    expect(normalizeRole(['assistant'])).toBe('user')
    expect(normalizeRole('Assistant')).toBe('assistant')
    expect(normalizeRole('gpt')).toBe('assistant')
  })

  it('scalarText writes scalars as String() does, objects as JSON', () => {
    expect(scalarText(hostile)).toBe('{"toString":false,"valueOf":1}')
    expect(scalarText(12)).toBe('12')
    expect(scalarText('abc')).toBe('abc')
    expect(scalarText(null)).toBe('null')
    expect(scalarText(undefined)).toBe('undefined')
  })
})
