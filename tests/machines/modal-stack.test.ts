import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { isModalOpen, modalStackMachine, type ModalKind } from '../../src/machines/modal-stack'

/**
 * What the walk through a category's view (tests/walks/modal-stack.walk.test.tsx) cannot reach: the
 * screen never offers a secondary without its primary, a second modal of a kind, or Escape on the
 * last modal (that one closes with closeAll); the chart refuses them all the same.
 */
function start() {
  const remembered: ModalKind[] = []
  const restored: ModalKind[] = []
  const actor = createActor(
    modalStackMachine.provide({
      actions: {
        rememberFocus: (_, { kind }) => void remembered.push(kind),
        restoreFocus: (_, { kind }) => void restored.push(kind),
      },
    }),
  ).start()
  const kinds = () => actor.getSnapshot().context.stack.map((m) => m.kind)
  return { actor, remembered, restored, kinds, value: () => actor.getSnapshot().value }
}

describe('modalStack outside the screen', () => {
  it('refuses a secondary while nothing is open, and a close of nothing', () => {
    const { actor, remembered, restored, kinds, value } = start()
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'modal.closeAll' })
    expect(value()).toBe('closed')
    expect(kinds()).toEqual([])
    expect(remembered).toEqual([])
    expect(restored).toEqual([])
  })

  it('opens a primary, then a secondary over it, remembering what had focus for each', () => {
    const { actor, remembered, kinds, value } = start()
    actor.send({ type: 'modal.open', kind: 'primary' })
    expect([value(), kinds()]).toEqual(['open', ['primary']])
    actor.send({ type: 'modal.open', kind: 'secondary' })
    expect([value(), kinds()]).toEqual(['open', ['primary', 'secondary']])
    expect(remembered).toEqual(['primary', 'secondary'])
    expect(isModalOpen(actor.getSnapshot(), 'secondary')).toBe(true)
  })

  it('opens a kind once', () => {
    const { actor, remembered, kinds } = start()
    actor.send({ type: 'modal.open', kind: 'primary' })
    actor.send({ type: 'modal.open', kind: 'primary' })
    expect(kinds()).toEqual(['primary'])
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.open', kind: 'primary' })
    expect(kinds()).toEqual(['primary', 'secondary'])
    expect(remembered).toEqual(['primary', 'secondary'])
  })

  it('closes only the top modal, never the last one, giving focus back for the one that closed', () => {
    const { actor, restored, kinds, value } = start()
    actor.send({ type: 'modal.open', kind: 'primary' })
    actor.send({ type: 'modal.close' })
    expect([value(), kinds(), restored]).toEqual(['open', ['primary'], []])
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.close' })
    expect([value(), kinds(), restored]).toEqual(['open', ['primary'], ['secondary']])
    expect(isModalOpen(actor.getSnapshot(), 'secondary')).toBe(false)
  })

  it('closes everything at once, focus going back to where the primary was opened', () => {
    const { actor, restored, kinds, value } = start()
    actor.send({ type: 'modal.open', kind: 'primary' })
    actor.send({ type: 'modal.open', kind: 'secondary' })
    actor.send({ type: 'modal.closeAll' })
    expect([value(), kinds(), restored]).toEqual(['closed', [], ['primary']])
    // and it opens again from nothing
    actor.send({ type: 'modal.open', kind: 'primary' })
    expect(kinds()).toEqual(['primary'])
  })
})
