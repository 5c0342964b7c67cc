import type { ReactNode } from 'react'
import type { Turn, TurnAgent } from '@contract/model'
import { fmtDuration } from '@contract/display'
import { fmtNum } from '../../lib/format'
import { imageView } from '../../lib/turn-images'
import { cx } from '../../lib/cx'
import t from '../../styles/turn.module.css'
import css from './TurnExtras.module.css'

/**
 * Badges for what the producer recorded about a turn: simulated user, agent, context summary, demonstration, copied
 * context, truncation, error, cost, latency.
 */
export function TurnMetaBadges({ turn }: { turn: Turn }): ReactNode {
  const m = turn.meta
  if (!m) return null
  return (
    <>
      {m.simulatedUser && (
        <span
          className={cx(t.origin, t.originSimulated)}
          data-testid="turn-simulated"
          title="Written by a simulated user (an LLM playing the user), not a person or the environment"
        >
          simulated user
        </span>
      )}
      {m.agent && (
        <span className={t.meta} data-testid="turn-agent" title="The agent whose conversation this turn is part of">
          {m.agent}
        </span>
      )}
      {m.contextSummary && (
        <span
          className={cx(t.origin, t.originSummary)}
          data-testid="turn-context-summary"
          title="Written by the producer in place of earlier context when it compacted the conversation: not a message anyone sent"
        >
          context summary
        </span>
      )}
      {m.demonstration !== undefined && (
        <span
          className={cx(t.origin, t.originCopied)}
          data-testid="turn-demonstration"
          title="An example conversation the producer put in the prompt (SWE-agent’s demonstration), not the task itself"
        >
          demonstration{m.demonstration > 1 ? ` · ${m.demonstration} messages` : ''}
        </span>
      )}
      {m.copied && (
        <span
          className={cx(t.origin, t.originCopied)}
          title="Copied from an earlier context window after summarization"
        >
          copied context
        </span>
      )}
      {m.truncated && (
        <span
          className={cx(t.origin, t.originBad)}
          data-testid="turn-truncated"
          title="The output was cut (max tokens or context)"
        >
          truncated
        </span>
      )}
      {m.error && (
        <span className={cx(t.origin, t.originBad)} data-testid="turn-error-badge" title={m.error}>
          error
        </span>
      )}
      {m.costUsd !== undefined && (
        <span className={t.meta} title="Cost of this step">
          ${fmtNum(m.costUsd, 4)}
        </span>
      )}
      {m.latencyMs !== undefined && (
        <span className={t.meta} title="Wall time of this step">
          {fmtDuration(m.latencyMs)}
        </span>
      )}
    </>
  )
}

/**
 * Marks a turn of a sub-agent (a Claude Code `Task` sidechain): its own conversation, started by a call of the main
 * agent, never to be read as the main agent's words. The name is the producer's text, shown as text.
 */
export function SubAgentBadge({ agent }: { agent: TurnAgent }): ReactNode {
  return (
    <span
      className={cx(t.origin, t.originAgent)}
      data-testid="turn-agent"
      title={`Sub-agent ${agent.id}: its own conversation, started by the main agent's call before it; not the main agent's words`}
    >
      sub-agent{agent.name ? ` · ${agent.name}` : ` ${agent.id}`}
    </span>
  )
}

/** The producer's error text for a failed turn, shown in full under its head. */
export function TurnError({ turn }: { turn: Turn }): ReactNode {
  if (!turn.meta?.error) return null
  return (
    <div className={css.error} data-testid="turn-error">
      {turn.meta.error}
    </div>
  )
}

/** Images of a turn: data-URI images drawn lazily, anything else only named (the app never fetches from outside). */
export function TurnImages({ turn }: { turn: Turn }): ReactNode {
  if (!turn.images?.length) return null
  return (
    <div className={css.images}>
      {turn.images.map((image, i) => {
        const view = imageView(image)
        return view.kind === 'inline' ? (
          <img
            key={i}
            className={css.image}
            data-testid="turn-image"
            src={view.src}
            alt={`image ${i + 1} of turn ${turn.index}`}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span
            key={i}
            className={css.imageRef}
            data-testid="turn-image-ref"
            title="Not loaded: Rollscope fetches nothing from outside"
          >
            image: {view.label}
          </span>
        )
      })}
    </div>
  )
}
