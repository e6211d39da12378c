import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchMappingProperties, saveMapProperty } from '../api/property-mapping'
import type { MappingPropertiesResult, MapPropertyBody, MarketplaceProperty, PlatformProperty } from '../contract/mapping'
import { rankBySimilarity } from '../domain/similarity'
import { failureOf, type Failure } from './failure'

/** A marketplace value's platform value in the editor: chosen by the admin, or suggested until accepted. */
export type ValueChoice = { value: string | null; suggested: boolean }

export const propertyFilters = ['all', 'mapped', 'unmapped', 'required'] as const
export type PropertyFilter = (typeof propertyFilters)[number]

/** A value is suggested when its name is at least this alike (trigram similarity) to a platform value's. */
export const VALUE_SUGGESTION_MIN = 0.5

export type PropertyMappingContext = {
  /** The marketplace category whose properties are mapped. */
  categoryId: number
  /** The marketplace property edited; null on the category's list of properties. */
  propertyId: number | null
  data: MappingPropertiesResult | null
  filter: PropertyFilter
  /** The platform property chosen in the editor. */
  platformId: number | null
  /** The platform property it was mapped to when loaded (sent as `expected`). */
  expected: number | null
  values: Record<number, ValueChoice>
  dirty: boolean
  /** The body of the last save (its `values.N` errors name a marketplace value by index). */
  sent: MapPropertyBody | null
  errors: Record<string, string[]>
  failure: Failure | null
  /** Reloaded because someone else changed the mapping meanwhile: the screen says so. */
  reloaded: boolean
}

export type PropertyMappingEvent =
  | { type: 'mapping.retry' }
  | { type: 'mapping.filtered'; filter: PropertyFilter }
  | { type: 'mapping.platformChosen'; propertyId: number | null }
  | { type: 'mapping.valueChosen'; valueId: number; value: string | null }
  | { type: 'mapping.suggestionsAccepted' }
  | { type: 'mapping.save' }
  | { type: 'mapping.unmap' }
  | { type: 'mapping.reload' }
  | { type: 'mapping.dismiss' }
  /** The app held back a navigation away from the editor (a link, the header menu, Back). */
  | { type: 'mapping.navigationBlocked' }
  | { type: 'mapping.leaveConfirmed' }
  | { type: 'mapping.leaveCancelled' }

const propertyOf = (data: MappingPropertiesResult | null, id: number | null) => data?.properties.find((p) => p.id === id) ?? null
const platformOf = (data: MappingPropertiesResult | null, id: number | null) => data?.platform_properties.find((p) => p.id === id) ?? null

/**
 * The values of `property` for `platform`: the mapped ones as they are (when it is the platform
 * property it is mapped to), the others suggested by the most similar platform value, if any is alike enough.
 */
export function choicesFor(property: MarketplaceProperty | null, platform: PlatformProperty | null): Record<number, ValueChoice> {
  if (!property) return {}
  const same = platform !== null && property.mapped_to?.id === platform.id
  return Object.fromEntries(
    property.values.map((v) => {
      if (!platform) return [v.id, { value: null, suggested: false }]
      if (same && v.mapped_value !== null && platform.values.some((p) => p.key === v.mapped_value))
        return [v.id, { value: v.mapped_value, suggested: false }]
      const best = rankBySimilarity([v.value_en, v.value_ar, v.name], platform.values, (p) => [p.name, p.key])[0]
      return [
        v.id,
        best && best.score >= VALUE_SUGGESTION_MIN ? { value: best.item.key, suggested: true } : { value: null, suggested: false },
      ]
    }),
  )
}

const loaded = (data: MappingPropertiesResult, propertyId: number | null) => {
  const property = propertyOf(data, propertyId)
  const platformId = property?.mapped_to?.id ?? null
  return {
    data,
    expected: platformId,
    platformId,
    values: choicesFor(property, platformOf(data, platformId)),
    dirty: false,
    errors: {},
    failure: null,
  }
}

/**
 * The properties of a mapped marketplace category beside the platform's, and the editor of one of
 * them: choose the platform property (best matches first), each value's platform value (suggested
 * by similarity until accepted), save with the mapping it had when loaded (`expected`), or unmap.
 * 409: someone else changed it meanwhile: the latest is reloaded and shown. 422: the errors go onto
 * their values. The app provides `onSaved` (a toast, back to the list), `proceedNavigation` and
 * `stayOnForm` (leaving unsaved changes asks first).
 */
export const propertyMappingMachine = setup({
  types: {
    context: {} as PropertyMappingContext,
    events: {} as PropertyMappingEvent,
    input: {} as { categoryId: number; propertyId: number | null },
  },
  actors: {
    load: fromPromise(({ input }: { input: { categoryId: number } }) => fetchMappingProperties(input.categoryId)),
    save: fromPromise(({ input }: { input: MapPropertyBody }) => saveMapProperty(input)),
  },
  actions: {
    onSaved: (_, _params: { message: string }) => {},
    proceedNavigation: () => {},
    stayOnForm: () => {},
    setLoaded: assign(({ context }, params: { data: MappingPropertiesResult; reloaded: boolean }) => ({
      ...loaded(params.data, context.propertyId),
      reloaded: params.reloaded,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setErrors: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { failure, errors: failure.errors }
    }),
    dismiss: assign({ failure: null }),
    choosePlatform: assign(({ context }, params: { propertyId: number | null }) => ({
      platformId: params.propertyId,
      values: choicesFor(propertyOf(context.data, context.propertyId), platformOf(context.data, params.propertyId)),
      dirty: true,
      errors: {},
      reloaded: false,
    })),
    chooseValue: assign(({ context }, params: { valueId: number; value: string | null }) => ({
      values: { ...context.values, [params.valueId]: { value: params.value, suggested: false } },
      dirty: true,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([key]) => !key.startsWith('values.'))),
    })),
    acceptSuggestions: assign(({ context }) => ({
      values: Object.fromEntries(Object.entries(context.values).map(([id, c]) => [id, { ...c, suggested: false }])),
      dirty: true,
    })),
    prepareSave: assign(({ context }) => ({
      sent: {
        marketplace_property_id: context.propertyId ?? 0,
        property_id: context.platformId,
        expected: context.expected,
        values: (propertyOf(context.data, context.propertyId)?.values ?? []).map((v) => {
          const choice = context.values[v.id]
          return { marketplace_value_id: v.id, value: choice && !choice.suggested ? choice.value : null }
        }),
      },
      failure: null,
      errors: {},
      reloaded: false,
    })),
    prepareUnmap: assign(({ context }) => ({
      sent: { marketplace_property_id: context.propertyId ?? 0, property_id: null, expected: context.expected },
      failure: null,
      errors: {},
      reloaded: false,
    })),
    setFilter: assign((_, params: { filter: PropertyFilter }) => ({ filter: params.filter })),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    isEditing: ({ context }) => propertyOf(context.data, context.propertyId) !== null,
    canSave: ({ context }) => propertyOf(context.data, context.propertyId) !== null && context.platformId !== null,
    isMapped: ({ context }) => context.expected !== null,
    hasSuggestions: ({ context }) => Object.values(context.values).some((c) => c.suggested),
    isValidation: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
  },
}).createMachine({
  id: 'propertyMapping',
  description: "A mapped marketplace category's properties beside the platform's, and the mapping of one property and its values.",
  context: ({ input }) => ({
    categoryId: input.categoryId,
    propertyId: input.propertyId,
    data: null,
    filter: 'all',
    platformId: null,
    expected: null,
    values: {},
    dirty: false,
    sent: null,
    errors: {},
    failure: null,
    reloaded: false,
  }),
  initial: 'loading',
  on: {
    'mapping.navigationBlocked': {
      target: '.left',
      actions: 'proceedNavigation',
      description: 'Nothing typed to lose here (loading, a failed load, saving): the navigation goes on and the screen is left.',
    },
  },
  states: {
    loading: {
      description: "The category's properties and the platform's are fetched.",
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ categoryId: context.categoryId }),
        onDone: {
          target: 'ready',
          description: 'Loaded: the properties with their mapping, or the property in the editor with its values.',
          actions: { type: 'setLoaded', params: ({ event }) => ({ data: event.output, reloaded: false }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'Not loaded: the failure with a retry.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The properties could not be loaded (not mapped, gone, offline): the message with a retry.',
      on: { 'mapping.retry': { target: 'loading', description: 'Load again.' } },
    },
    ready: {
      description: 'The list: properties filtered, unmapped required ones counted. The editor: platform property, values, Save and Unmap.',
      on: {
        'mapping.filtered': {
          description: 'The list shows all, the mapped, the not mapped or the required properties.',
          actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
        'mapping.platformChosen': {
          guard: 'isEditing',
          description: 'A platform property is chosen: each value is pre-filled with the most similar of its values, marked suggested.',
          actions: { type: 'choosePlatform', params: ({ event }) => ({ propertyId: event.propertyId }) },
        },
        'mapping.valueChosen': {
          guard: 'isEditing',
          description: 'A value is mapped by hand (or left unmapped): no longer a suggestion.',
          actions: { type: 'chooseValue', params: ({ event }) => ({ valueId: event.valueId, value: event.value }) },
        },
        'mapping.suggestionsAccepted': {
          guard: 'hasSuggestions',
          description: 'Every suggested value is accepted as it is.',
          actions: 'acceptSuggestions',
        },
        'mapping.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save the property and its accepted values (suggestions not accepted are left unmapped).',
          actions: 'prepareSave',
        },
        'mapping.unmap': {
          guard: 'isMapped',
          target: 'saving',
          description: 'Unmap the property and its values.',
          actions: 'prepareUnmap',
        },
        'mapping.navigationBlocked': [
          { guard: 'isDirty', target: 'confirmingLeave', description: 'Changes not saved: ask first.' },
          { target: 'left', actions: 'proceedNavigation', description: 'Nothing changed: the navigation goes on.' },
        ],
      },
    },
    saving: {
      description: 'The mapping is sent with the platform property it had when loaded.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.sent as MapPropertyBody,
        onDone: {
          target: 'saved',
          description: 'Saved: a confirmation, and back to the properties with their counts.',
          actions: { type: 'onSaved', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            description: '409: someone else changed this mapping meanwhile.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            description: '422: the messages go onto their values.',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            description: 'Another failure (offline, refused): the message; the choices stay.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'The save failed: the message; the choices stay as made, to save again.',
      on: {
        'mapping.dismiss': { target: 'ready', description: 'Back to the editor, the choices as made.', actions: 'dismiss' },
      },
    },
    conflict: {
      description: 'Someone else changed this mapping meanwhile: the message, and the latest is to be shown.',
      on: { 'mapping.reload': { target: 'reloading', description: 'Show the latest mapping (the choices made here are dropped).' } },
    },
    reloading: {
      description: 'The latest mapping is fetched after a conflict.',
      invoke: {
        id: 'reload',
        src: 'load',
        input: ({ context }) => ({ categoryId: context.categoryId }),
        onDone: {
          target: 'ready',
          description: 'The latest mapping is shown, with a note that it changed.',
          actions: { type: 'setLoaded', params: ({ event }) => ({ data: event.output, reloaded: true }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'Not loaded: the failure with a retry.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingLeave: {
      description: 'Unsaved changes and a navigation held back: the screen asks whether to leave them.',
      on: {
        'mapping.leaveConfirmed': { target: 'left', actions: 'proceedNavigation', description: 'The held-back navigation goes on.' },
        'mapping.leaveCancelled': {
          target: 'ready',
          actions: 'stayOnForm',
          description: 'The question closes, the changes stay; the navigation is dropped.',
        },
        'mapping.navigationBlocked': { description: 'A second navigation while the question is open: the question answers for it too.' },
      },
    },
    saved: { type: 'final', description: 'Saved: the app goes back to the properties.' },
    left: { type: 'final', description: 'The screen was left.' },
  },
})

export type PropertyMappingSnapshot = SnapshotFrom<typeof propertyMappingMachine>

const matchesFilter = (p: MarketplaceProperty, filter: PropertyFilter) =>
  filter === 'all' ||
  (filter === 'mapped' && p.mapped_to !== null) ||
  (filter === 'unmapped' && p.mapped_to === null) ||
  (filter === 'required' && p.required)

/** What the properties list shows of its chart. */
export const propertiesViewOf = (s: PropertyMappingSnapshot) => {
  const data = s.context.data
  return {
    loading: s.matches('loading'),
    loadFailure: s.matches('loadFailed') ? (s.context.failure?.message ?? '') : null,
    data,
    filter: s.context.filter,
    properties: data ? data.properties.filter((p) => matchesFilter(p, s.context.filter)) : [],
    requiredUnmapped: data ? data.properties.filter((p) => p.required && p.mapped_to === null).length : 0,
  }
}

/** The platform properties in the editor's select: the most alike to the marketplace property's names first. */
export const platformChoicesOf = (s: PropertyMappingSnapshot) => {
  const property = propertyOf(s.context.data, s.context.propertyId)
  const platform = s.context.data?.platform_properties ?? []
  if (!property) return []
  return rankBySimilarity([property.name_en, property.name_ar, property.name], platform, (p) => [p.name_en, p.name_ar]).map(
    ({ item, score }) => ({ property: item, score }),
  )
}

/** What the property editor shows of its chart. */
export const propertyEditorViewOf = (s: PropertyMappingSnapshot) => {
  const { data, propertyId, platformId, values, errors, failure, sent } = s.context
  const property = propertyOf(data, propertyId)
  const valueErrors: Record<number, string> = {}
  for (const [key, messages] of Object.entries(errors)) {
    const index = /^values\.(\d+)/.exec(key)?.[1]
    const id = index === undefined ? undefined : sent?.values?.[Number(index)]?.marketplace_value_id
    if (id !== undefined && messages[0]) valueErrors[id] = messages[0]
  }
  return {
    loading: s.matches('loading') || s.matches('reloading'),
    loadFailure: s.matches('loadFailed') ? (failure?.message ?? '') : null,
    data,
    property,
    platform: platformOf(data, platformId),
    values,
    valueErrors,
    platformError: errors.property_id?.[0] ?? null,
    /** 422 without a message on a value: the server's message. */
    invalid: s.matches('ready') && failure?.status === 422 ? failure.message : null,
    saving: s.matches('saving'),
    unmapping: s.matches('saving') && sent?.property_id === null,
    failure: s.matches('failed') ? (failure?.message ?? '') : null,
    conflict: s.matches('conflict'),
    reloaded: s.context.reloaded,
    confirmingLeave: s.matches('confirmingLeave'),
    suggestions: Object.values(values).filter((c) => c.suggested).length,
    mapped: s.context.expected !== null,
  }
}

/** A navigation the editor was told of is held back, waiting for the question's answer. */
export const isPropertyNavigationHeld = (s: PropertyMappingSnapshot) => s.status === 'active' && s.matches('confirmingLeave')
/** Leaving now would lose changes (the tab's own question on close or reload). */
export const propertyHoldsUnsavedChanges = (s: PropertyMappingSnapshot) =>
  s.context.dirty && (s.matches('ready') || s.matches('confirmingLeave') || s.matches('failed'))
