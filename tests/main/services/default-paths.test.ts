import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDbPath, defaultStaticDir, findUpwards, userDataDir } from '../../../src-main/services/default-paths'

describe('defaultDbPath', () => {
  it('follows Electron userData on Linux: XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultDbPath({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/Rollscope/rollscope.db')
    expect(defaultDbPath({}, 'linux', '/home/u')).toBe('/home/u/.config/Rollscope/rollscope.db')
    expect(defaultDbPath({ XDG_CONFIG_HOME: '' }, 'linux', '/home/u')).toBe('/home/u/.config/Rollscope/rollscope.db')
  })

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(defaultDbPath({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Rollscope/rollscope.db')
    expect(defaultDbPath({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Rollscope\\rollscope.db'
    )
    expect(userDataDir({}, 'win32', 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Roaming\\Rollscope')
  })

  it('lets ROLLSCOPE_DB override everything', () => {
    expect(defaultDbPath({ ROLLSCOPE_DB: '/data/r.db', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe(
      '/data/r.db'
    )
  })
})

describe('bundled folders', () => {
  it('finds renderer/index.html from out/main/chunks (the built layout)', () => {
    const root = mkdtempSync(join(tmpdir(), 'rollscope-paths-'))
    mkdirSync(join(root, 'out', 'main', 'chunks'), { recursive: true })
    mkdirSync(join(root, 'out', 'renderer'), { recursive: true })
    writeFileSync(join(root, 'out', 'renderer', 'index.html'), '<!doctype html>')
    expect(defaultStaticDir(join(root, 'out', 'main', 'chunks'))).toBe(join(root, 'out', 'renderer'))
    expect(defaultStaticDir(join(root, 'out', 'main'))).toBe(join(root, 'out', 'renderer'))
    // The source layout: src-main/services → <repo>/out/renderer.
    mkdirSync(join(root, 'src-main', 'services'), { recursive: true })
    expect(defaultStaticDir(join(root, 'src-main', 'services'))).toBe(join(root, 'out', 'renderer'))
  })

  it('returns null when nothing is found', () => {
    const root = mkdtempSync(join(tmpdir(), 'rollscope-paths-'))
    expect(findUpwards(root, 'definitely-not-here-7f3a', 2)).toBeNull()
  })
})
