/**
 * A list of method names written once as a record (so the compiler checks it against the interface it lists), and
 * what every transport derives from it: the names in order, a guard for names that arrive untyped, and the property
 * the record gives each method (`true` when a list has nothing to say about its methods).
 */
export interface MethodList<M extends string, P = true> {
  names: readonly M[]
  /** True for a listed name only (not `constructor`, `__proto__` or anything else an object inherits). */
  has(name: unknown): name is M
  /** The property the list gives `name`. */
  of(name: M): P
}

export function methodList<M extends string, P = true>(methods: Record<M, P>): MethodList<M, P> {
  return {
    names: Object.keys(methods) as M[],
    has: (name): name is M => typeof name === 'string' && Object.hasOwn(methods, name),
    of: (name) => methods[name]
  }
}
