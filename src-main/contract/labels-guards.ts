/** Argument schemas of the triage methods (spread into API_ARG_SCHEMAS in guards.ts). */
import { z } from 'zod'
import type { ApiMethod } from './api'
import { episodeSortKey } from './export'

const episodeId = z.string().min(1).max(300)
const runId = z.string().min(1).max(200)
const labelName = z.string().trim().min(1).max(80)
const turn = z.number().int().min(0).max(1e7).nullable()
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb')
const key = z.number().int().min(1).max(9).nullable()

const labelDef = z.strictObject({ name: labelName, color, key })
const labelDefInput = labelDef.extend({ previousName: labelName.optional() })

// A saved view's sort key is the table's (a column, or metric: / info: and a name): a file with another is refused
// at import, naming the view, rather than failing later as a listEpisodes argument when the view is applied. Its
// filter is checked against the run's fields when applied (the filter box shows why it does not compile).
const savedView = z.strictObject({
  name: z.string().trim().min(1).max(120),
  runIds: z.array(runId).max(100),
  filter: z.string().max(4000),
  text: z.string().max(1000).optional(),
  sort: episodeSortKey.nullable(),
  desc: z.boolean(),
  columns: z.array(z.string().min(1).max(300)).max(200)
})

const note = z.string().max(100_000).nullable()
const exportItem = z.strictObject({
  sourcePath: z.string().min(1).max(4096),
  taskKey: z.string().max(4096),
  rollout: z.number().int().min(0),
  turn,
  labels: z.array(labelName).max(100),
  note,
  fingerprint: z.string().max(100).nullable().optional()
})
const labelsExport = z.strictObject({
  format: z.literal('rollscope-labels'),
  version: z.literal(1, {
    error: (iss) =>
      typeof iss.input === 'number' && iss.input > 1
        ? `a labels file of version ${iss.input}, written by a newer Rollscope (this one reads version 1): update Rollscope`
        : 'version must be 1'
  }),
  // when it was written: said by the export, not needed to read it back (a file written to the README's shape has none)
  exportedAt: z.string().max(100).optional(),
  taxonomy: z.array(labelDef).max(1000),
  items: z.array(exportItem).max(5_000_000),
  views: z.array(savedView).max(10_000)
})

export const LABEL_ARG_SCHEMAS = {
  getTaxonomy: z.tuple([]),
  setTaxonomy: z.tuple([z.array(labelDefInput).max(200)]),
  addLabel: z.tuple([episodeId, labelName, turn]),
  removeLabel: z.tuple([episodeId, labelName, turn]),
  setNote: z.tuple([episodeId, z.string().max(100_000), turn]),
  getEpisodeLabels: z.tuple([episodeId]),
  keepLabels: z.tuple([episodeId]),
  labelsOfEpisodes: z.tuple([z.array(episodeId).max(5000)]),
  turnLabelsOfEpisodes: z.tuple([z.array(episodeId).max(5000)]),
  labelCounts: z.tuple([runId]),
  exportLabels: z.tuple([]),
  importLabels: z.tuple([labelsExport]),
  listSavedViews: z.tuple([]),
  saveView: z.tuple([savedView, z.number().int().min(1).nullable()]),
  deleteView: z.tuple([z.number().int().min(1)])
} satisfies Partial<Record<ApiMethod, z.ZodType<unknown[]>>>
