import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { isModalOpen, isTopModal, modalStackMachine, topModal } from '../../src/machines/modal-stack'
import { createEffects } from './model'
import { replay } from './replay'

replay('modalStack', modalStackMachine, {
  events: [
    { type: 'modal.open', kind: 'primary', payload: { id: 1 } },
    { type: 'modal.open', kind: 'secondary', payload: { field: 'parent' } },
    { type: 'modal.open', kind: 'view', payload: { id: 2 } },
    { type: 'modal.open', kind: 'info', payload: { message: 'Saved' } },
    { type: 'modal.close' },
    { type: 'modal.closeAll' },
  ],
  actors: [],
  inputs: [undefined],
})

function start() {
  const effects = createEffects()
  const machine = modalStackMachine.provide({
    actions: { rememberFocus: effects.record('rememberFocus'), restoreFocus: effects.record('restoreFocus') },
  })
  return { actor: createActor(machine).start(), effects }
}

describe('modalStack chart, edge cases', () => {
  it('refuses a secondary without a primary', () => {
    const { actor, effects } = start()
    expect(actor.getSnapshot().can({ type: 'modal.open', kind: 'secondary' })).toBe(false)
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.open', kind: 'view', payload: { id: 3 } })
    actor.send({ type: 'modal.open', kind: 'secondary' })
    expect(actor.getSnapshot().context.stack).toEqual([{ kind: 'view', payload: { id: 3 } }])
    expect(effects.take()).toEqual([['rememberFocus', { kind: 'view' }]])
  })

  it('Escape closes only the top modal and focus goes back each time', () => {
    const { actor, effects } = start()
    actor.send({ type: 'modal.open', kind: 'primary', payload: { id: 1 } })
    actor.send({ type: 'modal.open', kind: 'secondary', payload: null })
    expect(isTopModal(actor.getSnapshot(), 'secondary')).toBe(true)
    effects.take()
    actor.send({ type: 'modal.close' })
    expect(topModal(actor.getSnapshot())).toEqual({ kind: 'primary', payload: { id: 1 } })
    expect(isModalOpen(actor.getSnapshot(), 'secondary')).toBe(false)
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'modal.close' })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(effects.take()).toEqual([
      ['restoreFocus', { kind: 'secondary' }],
      ['restoreFocus', { kind: 'primary' }],
    ])
    expect(actor.getSnapshot().can({ type: 'modal.close' })).toBe(false)
  })

  it('closeAll empties the stack and restores focus once', () => {
    const { actor, effects } = start()
    actor.send({ type: 'modal.open', kind: 'primary' })
    actor.send({ type: 'modal.open', kind: 'info', payload: { message: 'Saved' } })
    effects.take()
    actor.send({ type: 'modal.closeAll' })
    expect(actor.getSnapshot().context.stack).toEqual([])
    expect(effects.take()).toEqual([['restoreFocus', { kind: 'primary' }]])
  })
})
