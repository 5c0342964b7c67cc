import type { ReactNode } from 'react'
import type { CompareVerdict } from '@contract/compare'
import { cx } from '../lib/cx'
import css from './Verdict.module.css'

const TONE: Record<CompareVerdict['direction'], string> = {
  better: css.good,
  worse: css.bad,
  unclear: css.neutral,
  none: css.muted
}
const MARK: Record<CompareVerdict['direction'], string> = { better: '▲', worse: '▼', unclear: '≈', none: '·' }

/**
 * The one plain line a comparison opens with ("B is worse: −16.8 pts pass rate (95% CI …), McNemar p …"). `wrap`: one
 * verdict of several (N runs), the run's name and the text as one wrapping line.
 */
export function Verdict({
  verdict,
  who,
  testId = 'compare-verdict',
  wrap = false
}: {
  verdict: CompareVerdict
  who?: string
  testId?: string
  wrap?: boolean
}): ReactNode {
  return (
    <p
      className={cx(css.verdict, TONE[verdict.direction], wrap && css.wrap)}
      data-testid={testId}
      data-direction={verdict.direction}
      role="status"
    >
      <span className={css.mark} aria-hidden>
        {MARK[verdict.direction]}
      </span>
      {who && <b className={css.who}>{who}</b>}
      <span className={css.text}>{verdict.text}</span>
    </p>
  )
}
