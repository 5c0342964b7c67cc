import type { ReactNode } from 'react'
import type { RunSummary } from '@contract/model'
import { fmtCount, fmtInt } from '../../lib/format'
import { headlineFigure, runFacts } from '../../lib/run-facts'
import { cx } from '../../lib/cx'
import css from './RunNotes.module.css'

/**
 * Under the run bar: how the run's figures were counted, always in view. Episodes without a result and how they
 * count (the producer's rule), the producer's own headline beside Rollscope's (a warning when they differ),
 * episodes known only from results, then steps, times and how episodes ended.
 */
export function RunNotes({ run }: { run: RunSummary }): ReactNode {
  const facts = runFacts(run)
  return (
    <div className={css.notes} data-testid="run-notes">
      <ProducerChecks run={run} />
      {facts.length > 0 && (
        <dl className={css.facts} data-testid="run-facts">
          {facts.map((f) => (
            <div key={f.key} className={css.fact} data-fact={f.key}>
              <dt title={f.hint}>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}

/**
 * The counting notes of a run: unscored episodes, producer headlines, results-only episodes. `onScreen`: on an
 * analysis screen, where each note is a box of its own.
 */
export function ProducerChecks({ run, onScreen = false }: { run: RunSummary; onScreen?: boolean }): ReactNode {
  return (
    <>
      {run.unscored && (
        <p
          className={cx(
            css.note,
            onScreen && css.onScreen,
            run.unscored.countedAs === 'excluded' ? css.info : css.warn
          )}
          data-testid="run-unscored"
        >
          <span aria-hidden>◌ </span>
          {run.unscored.note}
        </p>
      )}
      {run.headlines.map((h) => {
        const f = headlineFigure(h)
        return (
          <p
            key={`${h.source}:${h.label}`}
            className={cx(css.note, onScreen && css.onScreen, h.agrees ? css.ok : css.bad)}
            data-testid="run-headline"
            data-agrees={h.agrees}
          >
            <span aria-hidden>{h.agrees ? '✓ ' : '⚠ '}</span>
            {h.agrees ? (
              <>
                {h.source} states {h.label} <b>{f.theirs}</b>; Rollscope’s {f.label} is <b>{f.ours}</b>: they agree.
              </>
            ) : (
              <>
                <b>The producer’s headline differs:</b>{' '}
                {h.note ?? `${h.source} states ${h.label} ${f.theirs}; Rollscope’s ${f.label} is ${f.ours}.`}
              </>
            )}
          </p>
        )
      })}
      {run.noTranscript > 0 && (
        <p className={cx(css.note, onScreen && css.onScreen, css.info)} data-testid="run-no-transcript">
          <span aria-hidden>▢ </span>
          {fmtInt(run.noTranscript)} of {fmtCount(run.episodes, 'episode')} {run.noTranscript === 1 ? 'has' : 'have'} no
          transcript on disk: they are known from the harness report and count as episodes.
        </p>
      )}
    </>
  )
}
