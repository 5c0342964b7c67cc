import type { Binding } from './binding'
import { ELEMENT_BINDINGS } from './bindings/elements'
import { EPISODE_BINDINGS } from './bindings/episode'
import { GLOBAL_BINDINGS } from './bindings/global'
import { READING_BINDINGS, TOGGLE_SIDEBAR } from './bindings/reading'
import { SCREEN_BINDINGS } from './bindings/screens'
import { SIDE_BY_SIDE_BINDINGS } from './bindings/side-by-side'

/** Every window-wide shortcut of the app, in the order the sheet lists them. */
export const BINDINGS: readonly Binding[] = [
  ...EPISODE_BINDINGS,
  ...READING_BINDINGS,
  ...SIDE_BY_SIDE_BINDINGS,
  ...SCREEN_BINDINGS,
  ...GLOBAL_BINDINGS,
  TOGGLE_SIDEBAR
]

export { ELEMENT_BINDINGS }
