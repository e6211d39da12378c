import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import * as api from '../api/auth'
import { LANGUAGE_STORAGE_KEY, defaultLocale, directionOf, type Locale } from '../contract/common'
import { browserStorage, failureOf } from './failure'

type Direction = 'rtl' | 'ltr'
/** `chosen`: the visitor picked the language while signed out (it is sent with the sign-in and kept). */
export type LocaleContext = { locale: Locale; dir: Direction; error: string | null; chosen: boolean }
export type LocaleInput = { stored: Locale | null }
export type LocaleEvent = { type: 'locale.change'; locale: Locale; remote: boolean } | { type: 'locale.adminSignedIn'; locale: Locale }

export type ApplyLanguageParams = { locale: Locale; dir: Direction }

const current = ({ context }: { context: LocaleContext }): ApplyLanguageParams => ({ locale: context.locale, dir: context.dir })
const requested = ({ event }: { event: LocaleEvent }) => ({ locale: event.locale })

const apply = [
  { type: 'setLocale', params: requested },
  { type: 'applyLanguage', params: current },
  { type: 'storeLanguage', params: requested },
] as const

/** A change applies and stores at once; a remote one (re)starts the save with the new language. */
const change = [
  {
    guard: 'isRemote',
    target: 'saving',
    reenter: true,
    actions: apply,
    description: "An admin chose a language: it is applied at once and saved on the admin's record.",
  },
  { target: 'idle', actions: [...apply, 'markChosen'], description: 'Signed out: the visitor’s choice, sent with the next sign-in.' },
] as const

/**
 * Language and direction: `ar` (rtl) by default, `en` (ltr). A change is applied and stored at
 * once; with `remote` (an admin is signed in) it is also saved on the server. The app provides
 * `applyLanguage` (i18next), `reloadPage`, `languageSaved` (the session learns the admin's saved
 * language) and `saveFailed` (tells the admin).
 */
export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
  },
  actors: {
    // a newer change restarts the save: the older request is cancelled, so the server never applies them out of order
    changeLanguage: fromPromise(({ input, signal }: { input: { locale: Locale }; signal: AbortSignal }) =>
      api.changeLanguage(input.locale, signal),
    ),
  },
  actions: {
    applyLanguage: (_, params: ApplyLanguageParams) => {
      if (typeof document === 'undefined') return
      document.documentElement.lang = params.locale
      document.documentElement.dir = params.dir
    },
    storeLanguage: (_, params: { locale: Locale }) => browserStorage()?.setItem(LANGUAGE_STORAGE_KEY, params.locale),
    reloadPage: () => {},
    languageSaved: (_, _params: { locale: Locale }) => {},
    saveFailed: (_, _params: { status: number; message: string }) => {},
    setLocale: assign((_, params: { locale: Locale }) => ({ locale: params.locale, dir: directionOf(params.locale), error: null })),
    markChosen: assign({ chosen: true }),
    setError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error).message })),
  },
  guards: {
    isRemote: ({ event }) => event.type === 'locale.change' && event.remote,
    differsFromCurrent: ({ context, event }) => event.type === 'locale.adminSignedIn' && event.locale !== context.locale,
  },
}).createMachine({
  id: 'locale',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ stored: 'ar' }],
      events: [{ type: 'locale.change', locale: 'en', remote: true }],
    },
  },
  description: 'The language (ar or en) and direction of the app, stored on the device and on the admin.',
  context: ({ input }) => {
    const locale = input.stored ?? defaultLocale
    return { locale, dir: directionOf(locale), error: null, chosen: false }
  },
  entry: { type: 'applyLanguage', params: current },
  initial: 'idle',
  on: {
    'locale.adminSignedIn': {
      guard: 'differsFromCurrent',
      description:
        "The admin's language differs from the stored one: apply and store it, and reload (spec section 9). A language chosen before signing in was sent with it and is the admin's now, so this happens only without a choice.",
      actions: [
        { type: 'setLocale', params: requested },
        { type: 'applyLanguage', params: current },
        { type: 'storeLanguage', params: requested },
        'reloadPage',
      ],
    },
  },
  states: {
    idle: { description: 'The language is applied and stored.', on: { 'locale.change': change } },
    saving: {
      on: { 'locale.change': change },
      description: "Saving the admin's language on the server; a failure keeps the local change, sets `error` and tells the admin.",
      invoke: {
        id: 'changeLanguage',
        src: 'changeLanguage',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: {
          target: 'idle',
          description: "Saved: the admin's record now holds the language.",
          actions: { type: 'languageSaved', params: ({ event }) => ({ locale: event.output.locale }) },
        },
        onError: {
          target: 'idle',
          description: 'Not saved: the language stays changed here and the admin is told.',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'saveFailed', params: ({ event }) => failureOf(event.error) },
          ],
        },
      },
    },
  },
})

export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>

/** The language to send with a sign-in: the visitor's choice, if one was made. */
export const chosenLocale = (s: LocaleSnapshot): Locale | undefined => (s.context.chosen ? s.context.locale : undefined)
