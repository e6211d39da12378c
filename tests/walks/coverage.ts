import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { getStateNodes } from 'xstate/graph'

const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]

/** `source event #index`: stable across `machine.provide(...)` copies of a chart. */
export const keyOf = (t: AnyTransitionDefinition) => {
  const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  return `${t.source.id} ${t.eventType || 'always'} #${siblings.indexOf(t)}`
}

const ancestry = (node: AnyStateNode): AnyStateNode[] => (node.parent ? [node, ...ancestry(node.parent)] : [])

/**
 * State and transition coverage of a chart, measured on real actors: pass `inspect` to
 * `createActor`, then `report()`. All state nodes (the root excluded) and all transitions of the
 * chart definition (`on`, `always`, `after`, invoke `onDone`/`onError`, each guarded branch) count.
 */
export function createCoverage(machine: AnyStateMachine) {
  const allStates = getStateNodes(machine.root).map((n) => n.id)
  const allTransitions = [machine.root, ...getStateNodes(machine.root)].flatMap(transitionsOf).map(keyOf)
  const states = new Set<string>()
  const transitions = new Set<string>()
  const visit = (nodes: readonly AnyStateNode[]) => nodes.flatMap(ancestry).forEach((n) => states.add(n.id))

  return {
    inspect(event: InspectionEvent) {
      if (event.type === '@xstate.microstep') {
        for (const t of event._transitions) {
          transitions.add(keyOf(t))
          visit([t.source])
        }
      }
      if ((event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') && '_nodes' in event.snapshot)
        visit(event.snapshot._nodes as AnyStateNode[])
    },
    report() {
      const missing = {
        states: allStates.filter((s) => !states.has(s)),
        transitions: allTransitions.filter((t) => !transitions.has(t)),
      }
      return {
        states: { reached: allStates.length - missing.states.length, total: allStates.length },
        transitions: { taken: allTransitions.length - missing.transitions.length, total: allTransitions.length },
        missing,
      }
    },
    /** Prints and returns e.g. `session: states 15/15, transitions 28/28`. */
    print(name: string) {
      const r = this.report()
      const line = `${name}: states ${r.states.reached}/${r.states.total}, transitions ${r.transitions.taken}/${r.transitions.total}`
      console.log(line + (r.missing.states.length + r.missing.transitions.length ? ` missing ${JSON.stringify(r.missing)}` : ''))
      return r
    },
  }
}
