import type { LabelDef } from '@contract/labels'

/** The taxonomy a new labels database starts with (issue 6 / PRODUCT.md §2.7); the user edits it. */
export const DEFAULT_TAXONOMY: readonly LabelDef[] = [
  { name: 'format error', color: '#d97706', key: 1 },
  { name: 'wrong tool', color: '#db2777', key: 2 },
  { name: 'loop', color: '#7c3aed', key: 3 },
  { name: 'gave up', color: '#64748b', key: 4 },
  { name: 'hallucinated success', color: '#dc2626', key: 5 },
  { name: 'environment error', color: '#0891b2', key: 6 },
  { name: 'good example', color: '#16a34a', key: 7 }
]
