/**
 * The engine refuses to pair runs of different environments (task "0" of one benchmark is not task "0" of another)
 * with a `not-comparable` error that names them; the app shows that reason and offers "Compare anyway".
 */
import { ApiCallError } from './api-error'

/** The engine's reason when `err` is its refusal to compare runs of different environments, else null. */
export function envRefusal(err: unknown): string | null {
  return err instanceof ApiCallError && err.code === 'not-comparable' ? err.message : null
}
