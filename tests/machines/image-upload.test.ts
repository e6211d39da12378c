import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { ApiError } from '../../src/api/client'
import { imageUrlOf } from '../../src/contract'
import { imageUploadMachine, type ImageUploadEvent } from '../../src/machines/image-upload'
import { createCoverage } from './coverage'
import { createEffects, everyTransition, flush, modelOf, nameOf } from './model'

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' })
const other = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'other.jpg', { type: 'image/jpeg' })
const stored = { path: '0f8fad5b-d9cb-469f-a165-70867728950e.png', url: '/api/uploads/x.png', size: 4, type: 'image/png' }
const refused = new ApiError(422, 'Some fields need your attention.', { file: ['Allowed images: png, jpg, jpeg, webp'] })

const events: AnyEventObject[] = [
  { type: 'upload.selected', file: photo },
  { type: 'upload.rejected', message: 'Allowed images: png, jpg, jpeg, webp' },
  { type: 'upload.cleared' },
  { type: 'upload.progress', percent: 40 },
  { type: 'upload.done', result: stored },
  { type: 'upload.failed', error: refused },
]

const coverage = createCoverage(imageUploadMachine)
const model = createTestModel(modelOf(imageUploadMachine), { events, ...everyTransition })

/** The upload actor is the test: it records the files it was given and sends nothing itself. */
function start(input: { path: string | null }) {
  const effects = createEffects()
  const uploads: File[] = []
  const machine = imageUploadMachine.provide({
    actors: {
      upload: fromCallback<ImageUploadEvent, { file: File }>(({ input: i }) => {
        uploads.push(i.file)
      }),
    },
    actions: { onChange: effects.record('onChange') },
  })
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start()
  return { actor, effects, uploads }
}

describe('imageUpload chart, paths generated from the chart', () => {
  for (const input of [{ path: null }, { path: 'existing.png' }]) {
    for (const path of model.getShortestPaths({ input })) {
      it(`${JSON.stringify(input)} ${nameOf(path)}`, async () => {
        const { actor } = start(input)
        const step = async ({ event }: { event: AnyEventObject }) => {
          actor.send(event as ImageUploadEvent)
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
    const r = coverage.print('imageUpload')
    expect(r.missing).toEqual({ states: [], transitions: [] })
  })
})

describe('imageUpload chart, edge cases', () => {
  it('uploads the chosen file and hands its stored name to the form', () => {
    const { actor, effects, uploads } = start({ path: null })
    actor.send({ type: 'upload.selected', file: photo })
    expect(uploads).toEqual([photo])
    actor.send({ type: 'upload.progress', percent: 55 })
    expect(actor.getSnapshot().context.progress).toBe(55)
    actor.send({ type: 'upload.done', result: stored })
    expect(effects.take()).toEqual([['onChange', { path: stored.path }]])
    expect(actor.getSnapshot().context).toMatchObject({ path: stored.path, progress: null, error: null })
  })

  it("keeps the previous image and shows the server's reason when the file is refused", () => {
    const { actor, effects } = start({ path: 'existing.png' })
    actor.send({ type: 'upload.selected', file: photo })
    actor.send({ type: 'upload.failed', error: refused })
    expect(effects.take()).toEqual([])
    expect(actor.getSnapshot().context).toMatchObject({ path: 'existing.png', error: 'Allowed images: png, jpg, jpeg, webp' })
  })

  it('a new choice during an upload starts over with the new file', () => {
    const { actor, uploads } = start({ path: null })
    actor.send({ type: 'upload.selected', file: photo })
    actor.send({ type: 'upload.selected', file: other })
    expect(uploads).toEqual([photo, other])
    expect(actor.getSnapshot().context.file).toBe(other)
  })

  it('builds the public address of a stored name', () => {
    expect(imageUrlOf('a.png')).toBe('/api/uploads/a.png')
    expect(imageUrlOf(null)).toBeNull()
  })
})
