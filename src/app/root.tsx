import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import type { i18n as I18n } from 'i18next'
import { createActor, type ActorRefFrom } from 'xstate'
import { configureClient } from '../api/client'
import { fetchSite } from '../api/settings'
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY, type Locale } from '../contract/common'
import { addLanguage, hasLanguage } from '../i18n'
import { dockMachine } from '../machines/dock'
import { browserStorage } from '../machines/failure'
import { listsMachine } from '../machines/lists'
import { localeMachine } from '../machines/locale'
import { navigationMachine } from '../machines/navigation'
import { IDENTITY_STORAGE_KEY, sessionMachine, type Identity } from '../machines/session'
import { actorOptions } from '../machines/runtime'
import { createLazyToaster, type AppToaster } from '../ui/lazy-toaster'
import { AppActorsProvider } from '../views/shared/runtime'
import { applySite } from '../views/shared/site'
import { layoutStore } from './layout-store'

export type Root = {
  session: ActorRefFrom<typeof sessionMachine>
  locale: ActorRefFrom<typeof localeMachine>
  navigation: ActorRefFrom<typeof navigationMachine>
  lists: ActorRefFrom<typeof listsMachine>
  /** The tool panel docked under every screen (QA's Flows panel). */
  dock: ActorRefFrom<typeof dockMachine>
  /** Short confirmations (saved, deleted) at the bottom inline end. */
  toaster: AppToaster
  /** Where the toasts are drawn (the toaster's code loads with the first toast). */
  ToastOutlet: ComponentType<{ closeLabel: string }>
}

const readLocale = (): Locale | null => {
  const v = browserStorage()?.getItem(LANGUAGE_STORAGE_KEY)
  return v === 'ar' || v === 'en' ? v : null
}
const readIdentity = (): Identity | null => {
  const v = browserStorage()?.getItem(IDENTITY_STORAGE_KEY)
  return v === 'admin' || v === 'user' ? v : null
}

/**
 * The root actors of the app and how they talk to each other: the session tells the locale chart
 * the admin's language at sign-in, the locale chart tells the session the language it saved,
 * navigation asks the session to verify, the HTTP client purges on 401.
 */
export function createRoot(i18n: I18n, platform: { reload: () => void; scrollToTop: () => void }): Root {
  const { toaster, ToastOutlet } = createLazyToaster()
  const locale = createActor(
    localeMachine.provide({
      actions: {
        applyLanguage: (_, params) => {
          if (hasLanguage(i18n, params.locale)) void i18n.changeLanguage(params.locale)
          else
            // its messages arrive first; a newer choice made meanwhile wins
            void addLanguage(i18n, params.locale).then(
              () => {
                if (locale.getSnapshot().context.locale === params.locale) void i18n.changeLanguage(params.locale)
              },
              () => {},
            )
          document.documentElement.lang = params.locale
          document.documentElement.dir = params.dir
        },
        reloadPage: () => platform.reload(),
        languageSaved: (_, params) => {
          // the session is created below; a save only ends once both have started
          const admin = session.getSnapshot().context.admin
          if (admin) session.send({ type: 'session.adminUpdated', admin: { ...admin, locale: params.locale } })
        },
        saveFailed: (_, params) =>
          toaster.error({
            title: params.message || i18n.t(params.status === 0 ? 'errors.network' : 'errors.generic'),
          }),
      },
    }),
    { input: { stored: readLocale() }, ...actorOptions() },
  )

  const session = createActor(
    sessionMachine.provide({
      actions: {
        onSignedIn: (_, params) => {
          if (params.identity === 'admin') locale.send({ type: 'locale.adminSignedIn', locale: params.locale })
        },
      },
    }),
    { input: { token: browserStorage()?.getItem(TOKEN_STORAGE_KEY) ?? null, identity: readIdentity() }, ...actorOptions() },
  )

  const navigation = createActor(
    navigationMachine.provide({
      actions: {
        resetLayout: () => layoutStore.reset(),
        verifyAuth: () => session.send({ type: 'session.verify' }),
        scrollToTop: () => platform.scrollToTop(),
      },
    }),
    actorOptions(),
  )

  const lists = createActor(listsMachine, actorOptions()).start()
  const dock = createActor(dockMachine, actorOptions()).start()

  let identity: Identity | null = null
  session.subscribe((s) => {
    const next = s.matches('signedIn') ? s.context.identity : null
    if (next !== identity) {
      identity = next
      // select lists and constants belong to the admin who fetched them
      lists.send(next === 'admin' ? { type: 'lists.adminCurrent' } : { type: 'lists.reset' })
    }
  })

  configureClient({
    getLang: () => locale.getSnapshot().context.locale,
    onUnauthorized: (reason) => session.send({ type: 'session.purge', reason }),
  })

  locale.start()
  session.start()
  navigation.start()
  // the site's names and logo from the settings; until they come (or if they cannot) the catalogue's
  void fetchSite().then(
    (site) => applySite(i18n, site),
    () => {},
  )
  return { session, locale, navigation, lists, dock, toaster, ToastOutlet }
}

const RootContext = createContext<Root | null>(null)

/** The app's actors: all of them for the app's own guards and layouts, the narrow hooks' share for screens. */
export function RootProvider({ root, children }: { root: Root; children: ReactNode }) {
  return (
    <RootContext.Provider value={root}>
      <AppActorsProvider actors={root}>{children}</AppActorsProvider>
    </RootContext.Provider>
  )
}

/** For the app's guards and layouts only: screens use the narrow hooks of `views/shared/runtime`. */
export function useRoot(): Root {
  const root = useContext(RootContext)
  if (!root) throw new Error('useRoot outside RootProvider')
  return root
}
