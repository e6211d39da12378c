import { describe, expect, it } from 'vitest'
import { and, createMachine, not } from 'xstate'
import { edgeLabel, layoutChart } from '../../src/machines/chart-layout'

/** The Flows screen's diagram: every state a box inside its parent, every transition an arrow with its event and guard. */
const chart = createMachine(
  {
    id: 'sample',
    initial: 'idle',
    on: { reset: '.idle' },
    states: {
      idle: { on: { go: { target: 'working', guard: 'ready' } } },
      working: {
        initial: 'first',
        states: {
          first: { after: { 300: 'second' } },
          second: { always: { target: '#sample.done', guard: and(['ready', not('ready')]) } },
        },
        invoke: { id: 'save', src: 'save', onDone: 'done', onError: 'idle' },
      },
      done: { type: 'final' },
    },
  },
  { guards: { ready: () => true } },
)

describe('chart layout', () => {
  it('labels an arrow with its event in short and its guard', () => {
    expect(edgeLabel('go', undefined)).toBe('go')
    expect(edgeLabel('go', 'ready')).toBe('go [ready]')
    expect(edgeLabel('xstate.done.actor.save', { type: 'ok' })).toBe('done: save [ok]')
    expect(edgeLabel('xstate.error.actor.save', undefined)).toBe('error: save')
    expect(edgeLabel('xstate.after.300.sample.working.first', undefined)).toBe('after 300')
    expect(edgeLabel('always', { name: 'and', guards: [{ type: 'a' }, 'b'] })).toBe('always [and(a, b)]')
  })

  it('lays every state out inside its parent and every transition as an arrow from its state', async () => {
    const laid = await layoutChart(chart)
    expect(laid.width).toBeGreaterThan(0)
    expect(laid.height).toBeGreaterThan(0)
    const states = Object.fromEntries(laid.states.map((s) => [s.key, s]))
    expect(Object.keys(states).sort()).toEqual(['done', 'idle', 'working', 'working.first', 'working.second'])
    expect(states['working.first']).toMatchObject({ name: 'first', depth: 1, kind: 'atomic' })
    expect(states.working).toMatchObject({ name: 'working', depth: 0, kind: 'compound' })
    expect(states.done?.kind).toBe('final')
    const parent = states.working!
    for (const key of ['working.first', 'working.second']) {
      const child = states[key]!
      expect(child.x).toBeGreaterThanOrEqual(parent.x)
      expect(child.y).toBeGreaterThan(parent.y)
      expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width)
      expect(child.y + child.height).toBeLessThanOrEqual(parent.y + parent.height)
    }
    // a leaf is wide enough for its name
    expect(states.idle!.width).toBeGreaterThanOrEqual(90)
    expect(states.idle!.height).toBe(36)
    const edges = laid.edges.map((e) => [e.from, e.label]).sort()
    expect(edges).toEqual(
      [
        ['idle', 'go [ready]'],
        ['idle', 'reset'],
        ['working', 'done: save'],
        ['working', 'error: save'],
        ['working.first', 'after 300'],
        ['working.second', 'always [and(ready, not(ready))]'],
      ].sort(),
    )
    for (const e of laid.edges) {
      expect(e.points.length, e.id).toBeGreaterThanOrEqual(2)
      expect(e.labelAt.width, e.id).toBeGreaterThan(0)
    }
  })
})
