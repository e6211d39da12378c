import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../src/api/client'
import {
  canTransition,
  outcomeOf,
  supportItemMachine,
  type SupportAction,
  type SupportItemInput,
  type SupportKind,
  type SupportStatus,
} from '../../src/machines/support-item'
import { createController, createEffects } from './model'
import { replay } from './replay'

const shipping = 'admin-panal/support/shipping'
const requests = 'admin-panal/support/shipping-company-requests'
const failed = new ApiError(404, 'Not found', {})
const done = { message: 'Done', result: null }

replay('supportItem', supportItemMachine, {
  events: [
    { type: 'support.resolve' },
    { type: 'support.activate' },
    { type: 'support.dismiss' },
    { type: 'xstate.done.actor.resolve', output: done },
    { type: 'xstate.error.actor.resolve', error: failed },
    { type: 'xstate.done.actor.activate', output: done },
    { type: 'xstate.error.actor.activate', error: failed },
  ],
  actors: ['resolve', 'activate'],
  inputs: [
    { kind: 'shippingIssue', status: 'notResolved', path: shipping, id: 1 },
    { kind: 'shippingIssue', status: 'resolved', path: shipping, id: 2 },
    { kind: 'companyRequest', status: 'notActivated', path: requests, id: 3 },
    { kind: 'companyRequest', status: 'activated', path: requests, id: 4 },
  ] satisfies SupportItemInput[],
})

function start(input: SupportItemInput) {
  const ctl = createController()
  const effects = createEffects()
  const machine = supportItemMachine.provide({
    actors: { resolve: ctl.logic('resolve'), activate: ctl.logic('activate') },
    actions: { onDone: effects.record('onDone') },
  })
  return { actor: createActor(machine, { input }).start(), ctl, effects }
}

describe('supportItem chart, edge cases', () => {
  it('resolves once; a second resolve is a no-op', async () => {
    const { actor, ctl, effects } = start({ kind: 'shippingIssue', status: 'notResolved', path: shipping, id: 7 })
    actor.send({ type: 'support.resolve' })
    expect(ctl.inputs.get('resolve')).toEqual({ path: shipping, id: 7 })
    await ctl.settle({ type: 'xstate.done.actor.resolve', output: done })
    expect(actor.getSnapshot().value).toEqual({ shippingIssue: 'resolved' })
    expect(effects.take()).toEqual([['onDone', { kind: 'shippingIssue', id: 7, message: 'Done' }]])
    const before = actor.getSnapshot()
    actor.send({ type: 'support.resolve' })
    expect(ctl.running('resolve')).toBe(false)
    expect(actor.getSnapshot().value).toEqual(before.value)
    expect(actor.getSnapshot().context).toEqual(before.context)
    expect(effects.take()).toEqual([])
  })

  it('a failed resolve keeps the server message and leaves the issue open', async () => {
    const { actor, ctl } = start({ kind: 'shippingIssue', status: 'notResolved', path: shipping, id: 7 })
    actor.send({ type: 'support.resolve' })
    await ctl.settle({ type: 'xstate.error.actor.resolve', error: failed })
    expect(actor.getSnapshot().value).toEqual({ shippingIssue: 'notResolved' })
    expect(actor.getSnapshot().context.failure?.message).toBe('Not found')
  })

  it('a shipping issue cannot be activated, a company request cannot be resolved', () => {
    const issue = start({ kind: 'shippingIssue', status: 'notResolved', path: shipping, id: 1 })
    expect(issue.actor.getSnapshot().can({ type: 'support.activate' })).toBe(false)
    const request = start({ kind: 'companyRequest', status: 'notActivated', path: requests, id: 1 })
    expect(request.actor.getSnapshot().can({ type: 'support.resolve' })).toBe(false)
  })

  it('canTransition: the table the server validates with', () => {
    const table: [SupportKind, SupportStatus, SupportAction, boolean, string][] = [
      ['shippingIssue', 'notResolved', 'resolve', true, 'apply'],
      ['shippingIssue', 'resolved', 'resolve', true, 'noop'],
      ['shippingIssue', 'notResolved', 'activate', false, 'refused'],
      ['shippingIssue', 'resolved', 'activate', false, 'refused'],
      ['shippingIssue', 'notActivated', 'resolve', false, 'refused'],
      ['companyRequest', 'notActivated', 'activate', true, 'apply'],
      ['companyRequest', 'activated', 'activate', true, 'noop'],
      ['companyRequest', 'notActivated', 'resolve', false, 'refused'],
      ['companyRequest', 'activated', 'resolve', false, 'refused'],
      ['companyRequest', 'resolved', 'activate', false, 'refused'],
    ]
    for (const [kind, from, action, can, outcome] of table) {
      expect([kind, from, action, canTransition(kind, from, action)]).toEqual([kind, from, action, can])
      expect([kind, from, action, outcomeOf(kind, from, action)]).toEqual([kind, from, action, outcome])
    }
  })
})
