import { useCallback, useRef, useState, type ReactNode } from 'react'
import type { EpisodeExportFormat } from '@contract/export'
import type { RunSummary } from '@contract/model'
import { viewEpisodeCount } from '../../state/episodes-slice'
import { useApp, useAppShallow, useAppStore, useTransport } from '../../state/store-context'
import { fmtInt } from '../../lib/format'
import { startExport } from '../export/start-export'
import { PreferenceOptions } from './PreferenceOptions'
import { SftOptions, type SftChoice } from './SftOptions'
import { exportRequest } from './export-request'
import css from './ExportSelect.module.css'

const FORMATS: { format: EpisodeExportFormat; label: string }[] = [
  { format: 'jsonl', label: 'JSONL' },
  { format: 'sft', label: 'SFT chat…' },
  { format: 'preference', label: 'Preference pairs…' },
  { format: 'csv', label: 'CSV' },
  { format: 'md', label: 'Markdown' },
  { format: 'html', label: 'HTML report' }
]

/**
 * "Export…": the current table (its run, or runs) with the applied filter (a label filter is part of it) in one of
 * the export formats, or with rows picked, exactly those ("Export 3 selected…"); SFT first asks for its options (passed
 * only, turns labelled … left out), preference pairs first say how many pairs they make.
 * Desktop asks for a file and reports what it wrote; browser mode downloads it (checked by the engine first).
 */
export function ExportSelect({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const transport = useTransport()
  const filter = useApp((s) => s.episodes.query.filter)
  const text = useApp((s) => s.episodes.query.text)
  const sort = useApp((s) => s.episodes.query.sort)
  const desc = useApp((s) => s.episodes.query.desc)
  const filterError = useApp((s) => s.episodes.filterError)
  const also = useAppShallow((s) => s.episodes.alsoRunIds)
  const picked = useApp((s) => s.picked.ids)
  // the episodes the view holds (its filter and search applied; grouped: every group's rollouts): what every format
  // but SFT and preference pairs writes
  const total = useApp(viewEpisodeCount)
  const [busy, setBusy] = useState(false)
  // the format whose panel is open (SFT's options, the preference pairs' count), and the side it opens towards
  const [ask, setAsk] = useState<null | { format: 'sft' | 'preference'; align: 'left' | 'right' }>(null)
  const close = useCallback(() => setAsk(null), [])
  const boxRef = useRef<HTMLSpanElement>(null)

  const start = async (format: EpisodeExportFormat, sft?: SftChoice): Promise<void> => {
    const request = exportRequest({ runId: run.id, also, filter, text, sort, desc, picked }, format, sft)
    setBusy(true)
    try {
      await startExport(request, transport, store.getState())
    } finally {
      setBusy(false)
    }
  }

  return (
    <span className={css.box} ref={boxRef}>
      <select
        data-testid="export-select"
        value=""
        disabled={busy || (!!filterError && !picked.length)}
        title={
          picked.length
            ? `Export the ${picked.length} picked episodes (Clear the selection to export the whole view)`
            : filterError
              ? 'Fix the filter to export'
              : 'Export the episodes this table shows (its filter and search), in its order'
        }
        onChange={(e) => {
          const format = e.target.value as EpisodeExportFormat | ''
          // SFT asks for its choices first, preference pairs say what they make; the other formats start at once
          if (format === 'sft' || format === 'preference') setAsk({ format, align: panelAlign(boxRef.current) })
          else if (format) void start(format)
        }}
      >
        <option value="">
          {busy
            ? 'Exporting…'
            : picked.length
              ? `Export ${fmtInt(picked.length)} selected…`
              : total !== null
                ? `Export ${fmtInt(total)} ${total === 1 ? 'episode' : 'episodes'}…`
                : 'Export…'}
        </option>
        {FORMATS.map((f) => (
          // preference pairs are made from whole runs, not from picked rows
          <option key={f.format} value={f.format} disabled={f.format === 'preference' && picked.length > 0}>
            {f.label}
          </option>
        ))}
      </select>
      {ask?.format === 'sft' && (
        <SftOptions
          align={ask.align}
          onCancel={close}
          request={(choice) => exportRequest({ runId: run.id, also, filter, text, sort, desc, picked }, 'sft', choice)}
          onExport={(choice) => {
            setAsk(null)
            void start('sft', choice)
          }}
        />
      )}
      {ask?.format === 'preference' && (
        <PreferenceOptions
          align={ask.align}
          twoRuns={also.length === 1}
          onCancel={close}
          request={exportRequest({ runId: run.id, also, filter, text, sort, desc, picked }, 'preference')}
          onExport={() => {
            setAsk(null)
            void start('preference')
          }}
        />
      )}
    </span>
  )
}

/** The options panel opens towards the side with room (the toolbar wraps, so the menu may sit at either edge). */
function panelAlign(box: HTMLElement | null): 'left' | 'right' {
  const rect = box?.getBoundingClientRect()
  return rect && rect.left + PANEL_WIDTH > window.innerWidth ? 'right' : 'left'
}
const PANEL_WIDTH = 350
