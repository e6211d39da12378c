import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { navigationMachine, type NavigationEvent, type NavigationInput } from '../../src/machines/navigation'
import { createCoverage } from './coverage'
import { createEffects, modelOf, nameOf, everyTransition, type Effect } from './model'

const AFTER = 'xstate.after.scrollDelay.navigation.settling'
const events: AnyEventObject[] = [
  { type: 'nav.changed', path: '/admin-panel/dashboard' },
  { type: 'nav.changed', path: '/admin-panel/profile' },
  { type: 'nav.identityChanged', identity: 'admin' },
  { type: 'nav.identityChanged', identity: null },
]

const coverage = createCoverage(navigationMachine)
const model = createTestModel(modelOf(navigationMachine), { events, ...everyTransition })

function start(input?: NavigationInput) {
  const effects = createEffects()
  const machine = navigationMachine.provide({
    actions: {
      resetLayout: effects.record('resetLayout'),
      verifyAuth: effects.record('verifyAuth'),
      scrollToTop: effects.record('scrollToTop'),
    },
  })
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start()
  return { actor, effects }
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

describe('navigation chart, paths generated from the chart', () => {
  for (const input of [undefined, { identity: 'admin' as const }]) {
    describe(`input ${JSON.stringify(input)}`, () => {
      for (const path of model.getShortestPaths({ input })) {
        it(nameOf(path), async () => {
          const { actor, effects } = start(input)
          const send = ({ event }: { event: AnyEventObject }) => {
            const expected: Effect[] =
              event.type === 'nav.changed'
                ? [['resetLayout'], ['verifyAuth', { verification: actor.getSnapshot().context.verification }]]
                : []
            actor.send(event as NavigationEvent)
            expect(effects.take()).toEqual(expected)
          }
          await path.test({
            states: {
              '*': (state) => {
                expect(actor.getSnapshot().value).toEqual(state.value)
                expect(actor.getSnapshot().context).toEqual(state.context)
              },
            },
            events: {
              'nav.changed': send,
              'nav.identityChanged': send,
              [AFTER]: () => {
                vi.advanceTimersByTime(99)
                expect(effects.take()).toEqual([])
                vi.advanceTimersByTime(1)
                expect(effects.take()).toEqual([['scrollToTop']])
              },
            },
          })
          actor.stop()
        })
      }
    })
  }

  it('reaches every state and takes every transition', () => {
    const r = coverage.print('navigation')
    expect(r.missing).toEqual({ states: [], transitions: [] })
    expect(r.states.reached).toBe(r.states.total)
    expect(r.transitions.taken).toBe(r.transitions.total)
  })
})

describe('navigation chart, edge cases', () => {
  it('a navigation during the wait restarts it', () => {
    const { actor, effects } = start()
    actor.send({ type: 'nav.changed', path: '/a' })
    vi.advanceTimersByTime(60)
    actor.send({ type: 'nav.changed', path: '/b' })
    vi.advanceTimersByTime(60)
    expect(effects.take().map(([name]) => name)).toEqual(['resetLayout', 'verifyAuth', 'resetLayout', 'verifyAuth'])
    expect(actor.getSnapshot().value).toBe('settling')
    vi.advanceTimersByTime(40)
    expect(effects.take()).toEqual([['scrollToTop']])
    expect(actor.getSnapshot().context.path).toBe('/b')
  })

  it('asks for the admin verification only while an admin is current', () => {
    const { actor, effects } = start()
    actor.send({ type: 'nav.changed', path: '/register/vender' })
    actor.send({ type: 'nav.identityChanged', identity: 'admin' })
    actor.send({ type: 'nav.changed', path: '/admin-panel' })
    actor.send({ type: 'nav.identityChanged', identity: 'user' })
    actor.send({ type: 'nav.changed', path: '/dashboard' })
    expect(effects.take().filter(([name]) => name === 'verifyAuth')).toEqual([
      ['verifyAuth', { verification: 'general' }],
      ['verifyAuth', { verification: 'admin' }],
      ['verifyAuth', { verification: 'general' }],
    ])
  })
})
