import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { mappingPaths, mappingScreens, type MappingPropertiesResult, type MarketplaceProperty } from '../../src/contract/mapping'
import { propertyMappingMachine, type PropertyFilter } from '../../src/machines/property-mapping'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * propertyMapping walked through the app: the properties of a mapped marketplace category (filters,
 * the unmapped required ones counted) and the editor of one property: the platform property chosen
 * from a searchable list, each value pre-filled with the most similar platform value (marked
 * suggested until accepted), Save with the mapping it had when loaded, Unmap; 409 shows the latest,
 * 422 puts the messages at the values, another failure is shown; leaving unsaved changes asks first.
 */

// Zag's select and combobox measure with ResizeObserver and scroll their lists, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView ??= () => {}
Element.prototype.scrollTo ??= function scrollTo() {}

const net = createNetwork()
type Choice = { value: string | null; suggested: boolean }
type Ui = {
  app: App
  net: Network
  /** What the editor must show, as the steps performed so far decided (not as the chart says). */
  platform: number | null
  expected: number | null
  values: Record<number, Choice>
  reloaded: boolean
  filter: PropertyFilter
  /** The admin changed something since the last load (leaving must ask first). */
  dirty: boolean
  /** The last navigation away was made from the editor with changes: it must ask. */
  mustAsk: boolean
}
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof propertyMappingMachine.getInitialSnapshot>

const CATEGORY = 501
const MAIN = 40
const LIST = mappingScreens.properties(CATEGORY, MAIN)
const load = { method: 'GET', path: mappingPaths.properties(CATEGORY) }
const save = { method: 'POST', path: mappingPaths.mapProperty }

const value = (id: number, en: string, ar: string, mapped: string | null = null) => ({
  id,
  external_id: `v${id}`,
  name: en,
  value_en: en,
  value_ar: ar,
  mapped_value: mapped,
})
const colour = (mapped: boolean): MarketplaceProperty => ({
  id: 900,
  external_id: 'colour',
  name: 'Colour',
  name_en: 'Colour',
  name_ar: 'اللون',
  type: 'SELECT',
  required: true,
  values: [value(9001, 'Black', 'أسود', mapped ? 'White' : null), value(9002, 'Navy Blue', 'كحلي'), value(9003, 'Rose gold', 'ذهبي وردي')],
  mapped_to: mapped ? { id: 10, name: 'Color' } : null,
})
const storage: MarketplaceProperty = {
  id: 901,
  external_id: 'storage',
  name: 'Storage',
  name_en: 'Storage',
  name_ar: 'السعة',
  type: 'SELECT',
  required: true,
  values: [value(9011, '128 GB', '128 غيغابايت', '128GB')],
  mapped_to: { id: 11, name: 'Storage capacity' },
}
const warranty: MarketplaceProperty = {
  id: 902,
  external_id: 'warranty',
  name: 'Warranty',
  name_en: 'Warranty',
  name_ar: 'الضمان',
  type: 'TEXT',
  required: false,
  values: [],
  mapped_to: null,
}
const data = (colourMapped: boolean, storageMapped = true): MappingPropertiesResult => ({
  marketplace: { id: 3, name: 'Noon' },
  category: {
    id: CATEGORY,
    parent_id: 500,
    external_id: 'phones',
    name: 'Mobile phones',
    name_ar: 'الهواتف',
    name_en: 'Mobile phones',
    depth: 1,
    children_count: 0,
    properties_count: 3,
    required_unmapped: (colourMapped ? 0 : 1) + (storageMapped ? 0 : 1),
    mapped_to: { id: MAIN, name: 'Phones', path: ['Electronics', 'Phones'] },
    match: true,
  },
  properties: [
    colour(colourMapped),
    storageMapped ? storage : { ...storage, mapped_to: null, values: [value(9011, '128 GB', '128 غيغابايت')] },
    warranty,
  ],
  platform_properties: [
    {
      id: 12,
      name: 'Material',
      name_en: 'Material',
      name_ar: 'الخامة',
      attribute_type: 'SELECT',
      values: [{ key: 'Cotton', name: 'Cotton' }],
      mapped: false,
    },
    {
      id: 10,
      name: 'Color',
      name_en: 'Color',
      name_ar: 'اللون',
      attribute_type: 'COLOR',
      values: [
        { key: 'Black', name: 'Black' },
        { key: 'Blue', name: 'Blue' },
        { key: 'White', name: 'White' },
      ],
      mapped: colourMapped,
    },
    {
      id: 11,
      name: 'Storage capacity',
      name_en: 'Storage capacity',
      name_ar: 'سعة التخزين',
      attribute_type: 'SELECT',
      values: [
        { key: '128GB', name: '128GB' },
        { key: '256GB', name: '256GB' },
      ],
      mapped: storageMapped,
    },
  ],
  required: { mapped: (colourMapped ? 1 : 0) + (storageMapped ? 1 : 0), total: 2 },
})
const LOADED = data(false)
/** What someone else saved meanwhile: Colour mapped to Color, Black -> White. */
const LATEST = data(true)

const DOWN = { status: 500, message: 'The server is down.', errors: {} }
const STALE = { status: 409, message: 'Someone else changed this mapping meanwhile.', errors: {} }
const INVALID = {
  status: 422,
  message: 'Some fields need your attention.',
  errors: { 'values.1.value': ['This value is not one of the property’s values.'] },
}
const SAVED = 'The mapping was saved.'

/** The suggestions the spec expects for Colour's values (by trigram similarity of their names). */
const SUGGESTED: Record<number, Record<number, Choice>> = {
  10: { 9001: { value: 'Black', suggested: true }, 9002: { value: 'Blue', suggested: true }, 9003: { value: null, suggested: false } },
  12: { 9001: { value: null, suggested: false }, 9002: { value: null, suggested: false }, 9003: { value: null, suggested: false } },
}
const NAMES: Record<number, string> = { 10: 'Color', 11: 'Storage capacity', 12: 'Material' }
const VALUE_NAMES: Record<number, string> = { 9001: 'Black', 9002: 'Navy Blue', 9003: 'Rose gold', 9011: '128 GB' }

const editorEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: DOWN },
  { type: 'mapping.retry' },
  { type: 'mapping.platformChosen', propertyId: 10 },
  { type: 'mapping.platformChosen', propertyId: 12 },
  { type: 'mapping.valueChosen', valueId: 9003, value: 'White' },
  { type: 'mapping.suggestionsAccepted' },
  { type: 'mapping.save' },
  { type: 'xstate.done.actor.save', output: { message: SAVED, result: null } },
  { type: 'xstate.error.actor.save', error: STALE },
  { type: 'xstate.error.actor.save', error: INVALID },
  { type: 'xstate.error.actor.save', error: DOWN },
  { type: 'mapping.reload' },
  { type: 'xstate.done.actor.reload', output: LATEST },
  { type: 'xstate.error.actor.reload', error: DOWN },
  { type: 'mapping.dismiss' },
  { type: 'mapping.unmap' },
  { type: 'mapping.navigationBlocked' },
  { type: 'mapping.leaveConfirmed' },
  { type: 'mapping.leaveCancelled' },
]

/** What the editor offers: values once a platform property is chosen; Back from the states a walk leaves by. */
const offered = (s: S, e: AnyEventObject) => {
  // (a second navigation while the question is open changes nothing, so `can` says no: the app still tells the chart)
  if (e.type !== 'mapping.navigationBlocked' && !s.can(e as never)) return false
  switch (e.type) {
    case 'mapping.valueChosen':
      return s.context.platformId === 10 && s.context.values[9003]?.value !== 'White'
    case 'mapping.platformChosen':
      return s.context.platformId !== e.propertyId
    case 'mapping.navigationBlocked':
      return s.matches('loading') || s.matches('ready') || s.matches('confirmingLeave')
    default:
      return true
  }
}

const editorSurface = (name: string, propertyId: number, events: AnyEventObject[]): Surface<Ui> => ({
  name,
  input: { categoryId: CATEGORY, propertyId },
  events,
  when: (s, e) => offered(s as S, e),
  vertex: (s) => [(s as S).context.dirty, (s as S).context.platformId],
  start: () => {
    net.install()
    net.reset()
    const app = renderApp(net, `${mappingScreens.property(MAIN, propertyId)}?category=${CATEGORY}`, { before: [LIST] })
    return { app, net, platform: null, expected: null, values: {}, reloaded: false, filter: 'all', dirty: false, mustAsk: false }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

const listSurface: Surface<Ui> = {
  name: "the category's properties",
  input: { categoryId: CATEGORY, propertyId: null },
  events: [
    { type: 'xstate.done.actor.load', output: LOADED },
    { type: 'xstate.error.actor.load', error: DOWN },
    { type: 'mapping.retry' },
    ...(['all', 'mapped', 'unmapped', 'required'] as const).map((filter) => ({ type: 'mapping.filtered', filter })),
  ],
  when: (s, e) => (s as S).can(e as never) && (e.type !== 'mapping.filtered' || (s as S).context.filter !== e.filter),
  vertex: (s) => (s as S).context.filter,
  start: () => {
    net.install()
    net.reset()
    const app = renderApp(net, LIST)
    return { app, net, platform: null, expected: null, values: {}, reloaded: false, filter: 'all', dirty: false, mustAsk: false }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
}

const isList = (ctx: Ctx) => (ctx.actor().getSnapshot() as S).context.propertyId === null
const property = (ctx: Ctx) => LOADED.properties.find((p) => p.id === (ctx.actor().getSnapshot() as S).context.propertyId)!
const picker = () => screen.getByRole('combobox', { name: 'Platform property', hidden: true }) as HTMLInputElement
const valueSelect = (id: number) => screen.getByRole('combobox', { name: `Platform value for ${VALUE_NAMES[id]}`, hidden: true })
const dialog = () => screen.queryByRole('alertdialog')

const answerLoad = async (ctx: Ctx, result: MappingPropertiesResult) => {
  const p = result.properties.find((x) => x.id === (ctx.actor().getSnapshot() as S).context.propertyId)
  ctx.ui.dirty = false
  if (p) {
    ctx.ui.platform = p.mapped_to?.id ?? null
    ctx.ui.expected = ctx.ui.platform
    // the mapped values as they are; the others suggested as for a platform property just chosen
    const suggested = SUGGESTED[ctx.ui.platform ?? 0] ?? {}
    ctx.ui.values = Object.fromEntries(
      p.values.map((v) => [
        v.id,
        v.mapped_value ? { value: v.mapped_value, suggested: false } : (suggested[v.id] ?? { value: null, suggested: false }),
      ]),
    )
  }
  await ctx.ui.net.answer(load, ok(result))
}
const answerFailure = (ui: Ui, match: typeof load, e: typeof DOWN) => ui.net.answer(match, failed(e.status, e.message, e.errors))
const choose = async (combobox: HTMLElement, option: string) => {
  fireEvent.click(combobox)
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }))
}

walk<Ui>({
  name: 'propertyMapping',
  machine: propertyMappingMachine,
  timeout: 8000,
  surfaces: [
    editorSurface('the editor of an unmapped required property', 900, editorEvents),
    editorSurface('the editor of a mapped property', 901, [
      { type: 'xstate.done.actor.load', output: LOADED },
      { type: 'mapping.unmap' },
      { type: 'xstate.done.actor.save', output: { message: SAVED, result: null } },
    ]),
    listSurface,
  ],
  perform: {
    'xstate.done.actor.load': (ctx) => answerLoad(ctx, ctx.event.output as MappingPropertiesResult),
    'xstate.done.actor.reload': (ctx) => {
      ctx.ui.reloaded = true
      return answerLoad(ctx, ctx.event.output as MappingPropertiesResult)
    },
    'xstate.error.actor.load': ({ ui, event }) => answerFailure(ui, load, event.error as typeof DOWN),
    'xstate.error.actor.reload': ({ ui, event }) => answerFailure(ui, load, event.error as typeof DOWN),
    'xstate.done.actor.save': ({ ui, event }) => ui.net.answer(save, ok(null, (event.output as { message: string }).message)),
    'xstate.error.actor.save': ({ ui, event }) => answerFailure(ui, save, event.error as typeof DOWN),
    'mapping.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'mapping.filtered': ({ ui, event }) => {
      ui.filter = event.filter as PropertyFilter
      const names = { all: 'All', mapped: 'Mapped', unmapped: 'Not mapped', required: 'Required' }
      fireEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: names[ui.filter] }))
    },
    'mapping.platformChosen': async ({ ui, event }) => {
      ui.dirty = true
      const id = event.propertyId as number
      ui.platform = id
      ui.values = { ...SUGGESTED[id]! }
      ui.reloaded = false
      await choose(picker(), NAMES[id]!)
    },
    'mapping.valueChosen': async ({ ui, event }) => {
      ui.dirty = true
      ui.values = { ...ui.values, [event.valueId as number]: { value: event.value as string, suggested: false } }
      await choose(valueSelect(event.valueId as number), event.value as string)
    },
    'mapping.suggestionsAccepted': ({ ui }) => {
      ui.dirty = true
      ui.values = Object.fromEntries(Object.entries(ui.values).map(([k, c]) => [k, { ...c, suggested: false }]))
      fireEvent.click(screen.getByRole('button', { name: /^Accept (the suggestion|all \d+ suggestions)$/ }))
    },
    // (the note that the mapping was reloaded goes once the admin saves again)
    'mapping.save': ({ ui }) => {
      ui.reloaded = false
      fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }))
    },
    'mapping.unmap': ({ ui }) => {
      ui.reloaded = false
      fireEvent.click(screen.getByRole('button', { name: 'Unmap' }))
    },
    'mapping.reload': () => fireEvent.click(screen.getByRole('button', { name: 'Show the latest' })),
    'mapping.dismiss': async () => fireEvent.click(await within(dialog()!).findByRole('button', { name: 'Try again!' })),
    'mapping.navigationBlocked': ({ ui }) => {
      ui.mustAsk = ui.dirty && screen.queryByRole('combobox', { name: 'Platform property', hidden: true }) !== null
      return act(() => ui.app.router.navigate(-1))
    },
    'mapping.leaveConfirmed': async () => fireEvent.click(await within(dialog()!).findByRole('button', { name: 'Leave' })),
    'mapping.leaveCancelled': async () => fireEvent.click(await within(dialog()!).findByRole('button', { name: 'Stay' })),
  },
  states: {
    loading: () => {
      expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Loading…')
      expect(screen.queryByRole('heading', { name: /^Colour|^Storage|^Mobile phones/ })).toBeNull()
    },
    reloading: () => {
      expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Loading…')
    },
    loadFailed: () => {
      expect(within(screen.getByRole('alert')).getByText('The server is down.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
    },
    ready: (ctx) => (isList(ctx) ? listShows(ctx) : editorShows(ctx)),
    saving: ({ ui }) => {
      const busy = screen.getAllByRole('button', { hidden: true }).find((b) => b.getAttribute('aria-busy') === 'true')
      expect(busy?.textContent).toContain('Saving')
      expect(ui.net.waiting().filter((r) => r.method === 'POST')).toHaveLength(1)
    },
    failed: () => {
      expect(within(dialog()!).getByText('The server is down.')).toBeTruthy()
    },
    conflict: (ctx) => {
      const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Changed meanwhile'))
      expect(alert).toBeTruthy()
      expect(within(alert!).getByRole('button', { name: 'Show the latest' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Save mapping' })).toHaveProperty('disabled', true)
      editorValues(ctx)
    },
    confirmingLeave: ({ ui }) => {
      expect(within(dialog()!).getByText('Leave without saving?')).toBeTruthy()
      expect(ui.app.router.state.location.pathname).not.toBe(LIST)
    },
    saved: ({ ui }) => {
      expect(ui.app.router.state.location.pathname).toBe(LIST)
      expect(screen.getByText(SAVED).closest('[data-type]')?.getAttribute('data-type')).toBe('success')
    },
    left: ({ ui }) => {
      expect(ui.app.router.state.location.pathname).toBe(LIST)
      expect(screen.queryByRole('combobox', { name: 'Platform property', hidden: true })).toBeNull()
    },
  },
  after: {
    // the mapping goes out once: the platform property, the accepted values (suggestions not yet), and what it was when loaded
    'mapping.save': async (ctx) => {
      const request = await ctx.ui.net.next(save)
      expect(request.body).toEqual({
        marketplace_property_id: property(ctx).id,
        property_id: ctx.ui.platform,
        expected: ctx.ui.expected,
        values: property(ctx).values.map((v) => ({
          marketplace_value_id: v.id,
          value: ctx.ui.values[v.id]?.suggested ? null : (ctx.ui.values[v.id]?.value ?? null),
        })),
      })
    },
    'mapping.unmap': async (ctx) => {
      const request = await ctx.ui.net.next(save)
      expect(request.body).toEqual({ marketplace_property_id: property(ctx).id, property_id: null, expected: ctx.ui.expected })
    },
    'xstate.error.actor.save': ({ event }) => {
      const e = event.error as typeof DOWN
      if (e.status === 422) {
        // at the value it is about (the second sent), no dialog
        expect(screen.getByText('This value is not one of the property’s values.')).toBeTruthy()
        expect(valueSelect(9002).closest('[data-invalid]') ?? valueSelect(9002).getAttribute('aria-invalid')).toBeTruthy()
        expect(dialog()).toBeNull()
      } else if (e.status === 409) {
        expect(screen.getByText(/Someone else changed this mapping meanwhile/)).toBeTruthy()
      } else expect(within(dialog()!).getByText('The server is down.')).toBeTruthy()
    },
    // the latest mapping is shown, saying it changed
    'xstate.done.actor.reload': () => {
      expect(screen.getByText('Someone else changed this mapping meanwhile: this is the latest.')).toBeTruthy()
      expect(picker().value).toBe('Color')
    },
    // whatever the chart says: changes made since the last load are not left without asking
    'mapping.navigationBlocked': ({ ui }) => {
      if (ui.mustAsk) {
        expect(within(dialog()!).getByText('Leave without saving?')).toBeTruthy()
        expect(ui.app.router.state.location.pathname).not.toBe(LIST)
      } else expect(ui.app.router.state.location.pathname).toBe(LIST)
    },
    'mapping.leaveCancelled': ({ ui }) => {
      expect(dialog()).toBeNull()
      expect(ui.app.router.state.location.pathname).not.toBe(LIST)
    },
  },
})

/** The editor shows the property, the platform property and each value's choice as the steps decided. */
function editorShows(ctx: Ctx) {
  const p = property(ctx)
  expect(screen.getByRole('heading', { name: new RegExp(`^${p.name}`) })).toBeTruthy()
  expect(dialog()).toBeNull()
  editorValues(ctx)
  if (ctx.ui.reloaded) expect(screen.getByText('Someone else changed this mapping meanwhile: this is the latest.')).toBeTruthy()
  // Save once a platform property is chosen; Unmap while it is mapped
  expect(screen.getByRole('button', { name: 'Save mapping' })).toHaveProperty('disabled', ctx.ui.platform === null)
  if (ctx.ui.expected === null) expect(screen.queryByRole('button', { name: 'Unmap' })).toBeNull()
  else expect(screen.getByRole('button', { name: 'Unmap' })).toBeTruthy()
}

function editorValues(ctx: Ctx) {
  const p = property(ctx)
  expect(picker().value).toBe(ctx.ui.platform === null ? '' : NAMES[ctx.ui.platform])
  if (ctx.ui.platform === null) {
    expect(screen.queryByRole('combobox', { name: /^Platform value for/ })).toBeNull()
    return
  }
  const suggested = Object.values(ctx.ui.values).filter((c) => c.suggested).length
  for (const v of p.values) {
    const choice = ctx.ui.values[v.id]
    const item = valueSelect(v.id).closest('li')!
    expect(within(valueSelect(v.id)).getByText(choice?.value ?? 'Not mapped')).toBeTruthy()
    expect(within(item).queryByText('Suggested') !== null).toBe(Boolean(choice?.suggested))
  }
  const accept = screen.queryByRole('button', { name: /^Accept (the suggestion|all \d+ suggestions)$/ })
  expect(accept !== null).toBe(suggested > 0)
}

/** The list: the count of unmapped required properties, the filter, the properties it lets through. */
function listShows({ ui }: Ctx) {
  expect(screen.getByRole('heading', { name: 'Mobile phones' })).toBeTruthy()
  expect(
    within(screen.getAllByRole('status').find((s) => s.textContent?.includes('required'))!).getByText('One required property not mapped'),
  ).toBeTruthy()
  const names = { all: 'All', mapped: 'Mapped', unmapped: 'Not mapped', required: 'Required' }
  const group = within(screen.getByRole('group', { name: 'Show' }))
  expect(group.getByRole('button', { name: names[ui.filter] }).getAttribute('aria-pressed')).toBe('true')
  const expected = {
    all: ['Colour', 'Storage', 'Warranty'],
    mapped: ['Storage'],
    unmapped: ['Colour', 'Warranty'],
    required: ['Colour', 'Storage'],
  }[ui.filter]
  const links = screen.getAllByRole('link', { name: /^(Map|Change) / }).map((a) => a.getAttribute('aria-label'))
  expect(links).toEqual(expected.map((n) => `${n === 'Storage' ? 'Change' : 'Map'} ${n}`))
  // each row opens the editor of that property, naming the marketplace category
  if (expected.includes('Colour'))
    expect(screen.getByRole('link', { name: 'Map Colour' }).getAttribute('href')).toBe(
      `${mappingScreens.property(MAIN, 900)}?category=${CATEGORY}`,
    )
}
