import type { ElementBinding } from '../binding'

/**
 * Keys of focused elements: the element handles them (they are about it, not the window: a table's cursor, a text
 * box's Enter), the registry names them so the sheet lists them and no other binding takes them.
 */
export const ELEMENT_BINDINGS: readonly ElementBinding[] = [
  {
    id: 'runs.move',
    when: 'runs-row',
    keys: [
      ['ArrowDown', 'next'],
      ['ArrowUp', 'previous']
    ],
    help: 'next / previous run'
  },
  { id: 'runs.open', when: 'runs-row', keys: [['Enter', 'open']], help: 'show its episodes' },
  { id: 'runs.pick', when: 'runs-row', keys: [['Space', 'pick']], help: 'tick / untick it to compare' },
  {
    id: 'grid.move',
    when: 'episodes-grid',
    keys: [
      ['j', 'down'],
      ['k', 'up']
    ],
    help: 'next / previous row'
  },
  {
    id: 'grid.arrows',
    when: 'episodes-grid',
    keys: [
      ['ArrowDown', 'down'],
      ['ArrowUp', 'up']
    ],
    help: 'next / previous row'
  },
  {
    id: 'grid.page',
    when: 'episodes-grid',
    keys: [
      ['PageDown', 'page-down'],
      ['PageUp', 'page-up']
    ],
    help: 'a page down / up'
  },
  {
    id: 'grid.ends',
    when: 'episodes-grid',
    keys: [
      ['Home', 'first'],
      ['End', 'last']
    ],
    help: 'first / last row'
  },
  {
    id: 'grid.fold',
    when: 'episodes-grid',
    keys: [
      ['ArrowLeft', 'fold'],
      ['ArrowRight', 'unfold']
    ],
    help: 'fold / unfold the task (grouped by task)'
  },
  {
    id: 'grid.open',
    when: 'episodes-grid',
    keys: [['Enter', 'open']],
    help: 'open the episode (or fold / unfold the task)'
  },
  { id: 'grid.pick', when: 'episodes-grid', keys: [['Space', 'pick']], help: 'pick / unpick the row' },
  {
    id: 'grid.pick-range',
    when: 'episodes-grid',
    keys: [['Shift+Space', 'pick-range']],
    help: 'pick the rows from the last one picked'
  },
  {
    id: 'grid.label',
    when: 'episodes-grid',
    keys: [['1-9', 'label']],
    help: 'apply / remove the label with that key on the picked rows'
  },
  {
    id: 'find.step',
    when: 'find-box',
    keys: [
      ['Enter', 'next'],
      ['Shift+Enter', 'previous']
    ],
    help: 'next / previous match'
  },
  { id: 'find.close', when: 'find-box', keys: [['Escape', 'close']], help: 'close the find bar' }
]
