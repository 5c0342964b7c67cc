import { describe, expect, it } from 'vitest'
import { contextsOf, type Binding, type ElementBinding } from '../../../src-renderer/src/keymap/binding'
import { keyIdentities } from '../../../src-renderer/src/keymap/chords'
import {
  activeContexts,
  CONTEXTS,
  SCOPES,
  type FocusScope,
  type WindowContext
} from '../../../src-renderer/src/keymap/contexts'
import { BINDINGS, ELEMENT_BINDINGS } from '../../../src-renderer/src/keymap/registry'
import { sheetGroups } from '../../../src-renderer/src/keymap/sheet-groups'
import { goTo, keyEnv, PLACES, type Place } from './key-fixtures'

async function sheetAt(place: Place): Promise<{ titles: string[]; ids: string[] }> {
  const env = keyEnv()
  const layers = await goTo(env.store, place)
  const groups = sheetGroups(activeContexts(env.store.getState(), layers))
  return { titles: groups.map((g) => g.title), ids: groups.flatMap((g) => g.rows.map((r) => r.id)) }
}

/** Asserts that no key is claimed twice among `bindings` (each key counted once per event it stands for). */
function expectEachKeyOnce(bindings: readonly (Binding | ElementBinding)[], where: string): void {
  const claims = new Map<string, string>()
  for (const b of bindings) {
    for (const [spec] of b.keys) {
      for (const key of keyIdentities(spec)) {
        expect(claims.get(key), `${key} is claimed by ${claims.get(key)} and ${b.id} in ${where}`).toBeUndefined()
        claims.set(key, b.id)
      }
    }
  }
}

const byContext = (context: WindowContext): Binding[] => BINDINGS.filter((b) => contextsOf(b).includes(context))
const VIEWS = (Object.keys(CONTEXTS) as WindowContext[]).filter((c) => CONTEXTS[c].kind === 'view')
const LAYERS = (Object.keys(CONTEXTS) as WindowContext[]).filter((c) => CONTEXTS[c].kind === 'layer')

describe('keymap registry and the shortcut sheet', () => {
  it('every binding with help text is in the sheet where it applies', async () => {
    const listed = new Set<string>()
    for (const place of PLACES) for (const id of (await sheetAt(place)).ids) listed.add(id)
    const withHelp = [...BINDINGS, ...ELEMENT_BINDINGS].filter((b) => b.help !== null).map((b) => b.id)
    expect(withHelp.length).toBeGreaterThan(30)
    expect(withHelp.filter((id) => !listed.has(id))).toEqual([])
  })

  it('the sheet shows the keys of where the user is, grouped: the episode, side by side, the tables, and global keys', async () => {
    const episode = await sheetAt('sheet')
    expect(episode.titles).toEqual(['This sheet', 'Episode', 'In the find box', 'Everywhere'])
    expect(episode.ids).toEqual(
      expect.arrayContaining([
        'sheet.close',
        'episode.turn',
        'episode.label',
        'find.step',
        'global.search',
        'global.sheet'
      ])
    )
    expect(episode.ids.some((id) => id.startsWith('sbs.') || id.startsWith('grid.'))).toBe(false)

    const sbs = await sheetAt('side-by-side')
    expect(sbs.titles).toEqual(['Side by side', 'Everywhere'])
    expect(sbs.ids).toEqual([
      'sbs.row',
      'sbs.task',
      'sbs.task-brackets',
      'sbs.diff',
      'sbs.back',
      'views.search',
      'global.search',
      'global.sheet',
      'global.sidebar'
    ])

    const table = await sheetAt('table')
    expect(table.titles).toEqual([
      'Runs and episodes',
      SCOPES['episodes-grid'].title,
      SCOPES['runs-row'].title,
      'Everywhere'
    ])
    expect(table.ids).toEqual(
      expect.arrayContaining(['table.text', 'grid.move', 'grid.pick-range', 'grid.label', 'runs.move', 'runs.pick'])
    )
  })

  it('beneath a modal layer the sheet lists only the keys that get through it', async () => {
    expect(await sheetAt('editor')).toEqual({
      titles: ['Text editor', 'Everywhere'],
      ids: ['editor.close', 'global.search']
    })
    expect((await sheetAt('diff')).ids).toEqual(['diff.close', 'global.search'])
  })

  it('exactly one view is active wherever the user is, with global beneath it', async () => {
    for (const place of PLACES) {
      const env = keyEnv()
      const contexts = activeContexts(env.store.getState(), await goTo(env.store, place))
      expect(
        contexts.filter((c) => CONTEXTS[c].kind === 'view'),
        place
      ).toHaveLength(1)
      expect(contexts.at(-1)).toBe('global')
    }
  })

  it('no two bindings in overlapping contexts claim the same key', () => {
    // a view and global are always active together; views exclude each other (the test above)
    for (const view of VIEWS) expectEachKeyOnce([...byContext(view), ...byContext('global')], view)
    // a layer sits on top of the view and takes its keys first by design (Esc closes it): its own keys are unique
    for (const layer of LAYERS) expectEachKeyOnce(byContext(layer), layer)
    // a focused element takes its keys before the window, but never a global one (Ctrl+K and ? work everywhere)
    for (const scope of Object.keys(SCOPES) as FocusScope[]) {
      expectEachKeyOnce([...ELEMENT_BINDINGS.filter((b) => b.when === scope), ...byContext('global')], scope)
    }
  })

  it('binding ids are unique, and every binding applies somewhere', () => {
    const ids = [...BINDINGS, ...ELEMENT_BINDINGS].map((b) => b.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const b of BINDINGS) expect(contextsOf(b).length, b.id).toBeGreaterThan(0)
  })
})
