import { describe, expect, it } from 'vitest'
import { keyIdentities, keyLabel, keyLabelOn, matchesKey } from '../../../src-renderer/src/keymap/chords'
import { keydown } from './key-fixtures'

describe('key chords', () => {
  it('a character carries its own Shift; Ctrl, Cmd and Alt must be as written', () => {
    expect(matchesKey('?', keydown('?', { shiftKey: true }))).toBe(true)
    expect(matchesKey('j', keydown('j'))).toBe(true)
    expect(matchesKey('j', keydown('J', { shiftKey: true }))).toBe(false)
    expect(matchesKey('j', keydown('j', { ctrlKey: true }))).toBe(false)
    expect(matchesKey('j', keydown('j', { altKey: true }))).toBe(false)
  })

  it('Mod is Ctrl or Cmd, either case of the letter', () => {
    expect(matchesKey('Mod+K', keydown('k', { ctrlKey: true }))).toBe(true)
    expect(matchesKey('Mod+K', keydown('k', { metaKey: true }))).toBe(true)
    expect(matchesKey('Mod+K', keydown('K', { ctrlKey: true, shiftKey: true }))).toBe(true)
    expect(matchesKey('Mod+K', keydown('k'))).toBe(false)
    expect(matchesKey('Mod+K', keydown('k', { ctrlKey: true, altKey: true }))).toBe(false)
  })

  it('named keys and digits compare Shift exactly; digits are read from their code', () => {
    expect(matchesKey('Space', keydown(' '))).toBe(true)
    expect(matchesKey('Space', keydown(' ', { shiftKey: true }))).toBe(false)
    expect(matchesKey('Shift+Space', keydown(' ', { shiftKey: true }))).toBe(true)
    expect(matchesKey('1-9', keydown('3'))).toBe(true)
    expect(matchesKey('1-9', keydown('0', { code: 'Digit0' }))).toBe(false)
    expect(matchesKey('1-9', keydown('3', { code: 'Numpad3' }))).toBe(true)
    // Shift+2 types "@" on a US keyboard, "\"" on others: the code still says 2
    expect(matchesKey('Shift+1-9', keydown('@', { code: 'Digit2', shiftKey: true }))).toBe(true)
    expect(matchesKey('1-9', keydown('@', { code: 'Digit2', shiftKey: true }))).toBe(false)
  })

  it('two specs of the same key share an identity; labels are what the sheet prints', () => {
    expect(keyIdentities('Mod+K')).toEqual(keyIdentities('Mod+k'))
    expect(keyIdentities('1-9')).toContain('digit3')
    expect(keyIdentities('Shift+1-9')).not.toContain('digit3')
    expect(['Mod+K', 'Escape', 'ArrowDown', 'Shift+1-9', 'Shift+Enter', '['].map(keyLabel)).toEqual([
      'Ctrl+K',
      'Esc',
      '↓',
      'Shift+1–9',
      'Shift+Enter',
      '['
    ])
    expect(keyLabelOn('Mod+K', true)).toBe('⌘K')
    expect(keyLabelOn('Mod+K', false)).toBe('Ctrl+K')
  })
})
