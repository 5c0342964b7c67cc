/** The open screen over the runs browser and the URL hash: which route it is, and opening the one a route names. */
import { compareRouteOf } from './compare-slice'
import type { Route } from './hash-route'
import type { AppState } from './types'

export { isScreenOpen, NO_SCREEN } from './screen-state'

/** The route part of the open screen, if any (for the URL hash). */
export function screenRouteOf(s: AppState): Pick<Route, 'compare' | 'series' | 'breakdown' | 'many' | 'curve'> {
  if (s.breakdown) return { breakdown: { runId: s.breakdown.runId, fields: s.breakdown.fields } }
  if (s.many) {
    const { runIds, baseline, anyway } = s.many
    return { many: anyway ? { runIds, baseline, anyway: true } : { runIds, baseline } }
  }
  if (s.curve) {
    const { runId } = s.curve
    return { curve: s.curveStep?.runId === runId ? { runId, step: s.curveStep.step } : { runId } }
  }
  return compareRouteOf(s)
}

/** Shows the screen a route names. */
export function applyScreenRoute(s: AppState, route: Route): void {
  if (route.breakdown) s.openBreakdown(route.breakdown.runId, route.breakdown.fields)
  else if (route.many) s.openMany(route.many.runIds, route.many.baseline, !!route.many.anyway)
  else if (route.curve) {
    s.openCurve(route.curve.runId)
    // the step a link names is picked; a link without one shows none
    if (route.curve.step !== undefined) s.selectCurveStep(route.curve.runId, route.curve.step)
    else if (s.curveStep) s.clearCurveStep()
  } else s.applyCompareRoute(route)
}
