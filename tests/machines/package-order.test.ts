import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { packageOrderMachine, reordered, type OrderItem } from '../../src/machines/package-order'

const items: OrderItem[] = [
  { id: 1, title: 'A' },
  { id: 2, title: 'B' },
  { id: 3, title: 'C' },
]

describe('packageOrder', () => {
  it('reordered moves one package, clamps the target and says when nothing moves', () => {
    expect(reordered(items, 3, 0)?.map((i) => i.id)).toEqual([3, 1, 2])
    expect(reordered(items, 1, 99)?.map((i) => i.id)).toEqual([2, 3, 1])
    expect(reordered(items, 1, -1)).toBeNull()
    expect(reordered(items, 2, 1)).toBeNull()
    expect(reordered(items, 9, 0)).toBeNull()
  })

  it('shows a move at once, saves the whole order, and puts it back when the save fails', async () => {
    const saved: number[][] = []
    let fail = false
    const actor = createActor(
      packageOrderMachine.provide({
        actors: {
          loadOrder: fromPromise(async () => items),
          saveOrder: fromPromise(async ({ input }: { input: { ids: number[] } }) => {
            saved.push(input.ids)
            if (fail) throw new Error('offline')
            return { message: 'ok', items: input.ids.map((id) => items.find((i) => i.id === id)!) }
          }),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'order.moved', id: 3, to: 0 })
    expect(actor.getSnapshot().matches('saving')).toBe(true)
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([3, 1, 2])
    expect(actor.getSnapshot().context.moved).toEqual({ title: 'C', position: 1 })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(saved).toEqual([[3, 1, 2]])
    actor.send({ type: 'order.moved', id: 3, to: 0 })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    fail = true
    actor.send({ type: 'order.moved', id: 1, to: 2 })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([3, 1, 2])
    expect(actor.getSnapshot().context.failure).not.toBeNull()
    actor.send({ type: 'order.dismiss' })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })
})
