import { describe, expect, it } from 'vitest'
import { createActor, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { ApiError } from '../../src/api/client'
import { forgotPasswordMachine } from '../../src/machines/forgot-password'
import { resetPasswordMachine } from '../../src/machines/reset-password'
import { createCoverage } from './coverage'
import { createController, everyTransition, flush, modelOf, nameOf } from './model'

const tooSoon = new ApiError(429, 'Verification link already sent', {})
const expired = new ApiError(422, 'Link has expired', { token: ['Link has expired'] })
const weak = new ApiError(422, 'Some fields need your attention.', { password: ['must be at least 8 characters'] })

/** Replays every generated path on a real actor whose calls the test settles. */
function replay<M extends Parameters<typeof createTestModel>[0]>(
  name: string,
  machine: M,
  events: AnyEventObject[],
  actorIds: string[],
  inputs: unknown[],
) {
  const coverage = createCoverage(machine)
  const model = createTestModel(modelOf(machine), { events, ...everyTransition })
  describe(`${name} chart, paths generated from the chart`, () => {
    for (const input of inputs) {
      for (const path of model.getShortestPaths({ input })) {
        it(`${JSON.stringify(input) ?? ''} ${nameOf(path)}`, async () => {
          const ctl = createController()
          const provided = machine.provide({ actors: Object.fromEntries(actorIds.map((id) => [id, ctl.logic(id)])) } as never)
          const actor = createActor(provided, { input, inspect: coverage.inspect } as never).start()
          await flush()
          const step = async ({ event }: { event: AnyEventObject }) => {
            if (!(await ctl.settle(event))) actor.send(event as never)
            await flush()
          }
          await path.test({
            states: {
              '*': (state) => {
                expect(actor.getSnapshot().value).toEqual(state.value)
                expect(actor.getSnapshot().context).toEqual(state.context)
              },
            },
            events: Object.fromEntries([...new Set(events.map((e) => e.type))].map((type) => [type, step])),
          })
          actor.stop()
        })
      }
    }
    it('reaches every state and takes every transition', () => {
      const r = coverage.print(name)
      expect(r.missing).toEqual({ states: [], transitions: [] })
    })
  })
}

replay(
  'forgotPassword',
  forgotPasswordMachine,
  [
    { type: 'forgot.submit', email: 'admin@example.com' },
    { type: 'forgot.dismiss' },
    { type: 'forgot.again' },
    { type: 'xstate.done.actor.requestLink', output: { message: 'If an account exists…', result: null } },
    { type: 'xstate.error.actor.requestLink', error: tooSoon },
  ],
  ['requestLink'],
  [undefined],
)

replay(
  'resetPassword',
  resetPasswordMachine,
  [
    { type: 'reset.submit', password: 'Brand#New2026', password_confirmation: 'Brand#New2026' },
    { type: 'reset.dismiss' },
    { type: 'xstate.done.actor.checkToken', output: { email: 'admin@example.com' } },
    { type: 'xstate.error.actor.checkToken', error: expired },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Your password has been changed.', result: null } },
    { type: 'xstate.error.actor.resetPassword', error: expired },
    { type: 'xstate.error.actor.resetPassword', error: weak },
  ],
  ['checkToken', 'resetPassword'],
  [{ token: 'a-token' }, { token: '' }],
)

describe('password reset charts, edge cases', () => {
  it('sends the token of the link with the new password', async () => {
    const ctl = createController()
    const actor = createActor(
      resetPasswordMachine.provide({ actors: { checkToken: ctl.logic('checkToken'), resetPassword: ctl.logic('resetPassword') } }),
      { input: { token: 'from-the-link' } },
    ).start()
    expect(ctl.inputs.get('checkToken')).toEqual({ token: 'from-the-link' })
    await ctl.settle({ type: 'xstate.done.actor.checkToken', output: { email: 'a@b.co' } })
    actor.send({ type: 'reset.submit', password: 'Brand#New2026', password_confirmation: 'Brand#New2026' })
    expect(ctl.inputs.get('resetPassword')).toEqual({ token: 'from-the-link', password: 'Brand#New2026', password_confirmation: 'Brand#New2026' })
    await ctl.settle({ type: 'xstate.error.actor.resetPassword', error: weak })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.failure?.errors.password).toEqual(['must be at least 8 characters'])
  })

  it('a link that stops working while the form is open ends on the invalid screen', async () => {
    const ctl = createController()
    const actor = createActor(
      resetPasswordMachine.provide({ actors: { checkToken: ctl.logic('checkToken'), resetPassword: ctl.logic('resetPassword') } }),
      { input: { token: 't' } },
    ).start()
    await ctl.settle({ type: 'xstate.done.actor.checkToken', output: { email: 'a@b.co' } })
    actor.send({ type: 'reset.submit', password: 'Brand#New2026', password_confirmation: 'Brand#New2026' })
    await ctl.settle({ type: 'xstate.error.actor.resetPassword', error: expired })
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(actor.getSnapshot().context.failure?.message).toBe('Link has expired')
  })
})
