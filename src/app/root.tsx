import { createContext, useContext, type ReactNode } from 'react'
import type { i18n as I18n } from 'i18next'
import { createActor, type ActorRefFrom } from 'xstate'
import { configureClient } from '../api/client'
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY, type Locale } from '../contract'
import { browserStorage } from '../machines/failure'
import { listsMachine } from '../machines/lists'
import { localeMachine } from '../machines/locale'
import { navigationMachine } from '../machines/navigation'
import { IDENTITY_STORAGE_KEY, sessionMachine, type Identity } from '../machines/session'
import { layoutStore } from './layout-store'
import { createToaster, type AppToaster } from '../ui/toast'

export type Root = {
  session: ActorRefFrom<typeof sessionMachine>
  locale: ActorRefFrom<typeof localeMachine>
  navigation: ActorRefFrom<typeof navigationMachine>
  lists: ActorRefFrom<typeof listsMachine>
  /** Short confirmations (saved, deleted) at the top inline end. */
  toaster: AppToaster
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
 * the admin's language, navigation asks the session to verify, the HTTP client purges on 401.
 */
export function createRoot(i18n: I18n, platform: { reload: () => void; scrollToTop: () => void }): Root {
  const locale = createActor(
    localeMachine.provide({
      actions: {
        applyLanguage: (_, params) => {
          void i18n.changeLanguage(params.locale)
          document.documentElement.lang = params.locale
          document.documentElement.dir = params.dir
        },
        reloadPage: () => platform.reload(),
      },
    }),
    { input: { stored: readLocale() } },
  )

  const session = createActor(
    sessionMachine.provide({
      actions: {
        onSignedIn: (_, params) => {
          if (params.identity === 'admin') locale.send({ type: 'locale.adminSignedIn', locale: params.locale })
        },
      },
    }),
    { input: { token: browserStorage()?.getItem(TOKEN_STORAGE_KEY) ?? null, identity: readIdentity() } },
  )

  const navigation = createActor(
    navigationMachine.provide({
      actions: {
        resetLayout: () => layoutStore.reset(),
        verifyAuth: () => session.send({ type: 'session.verify' }),
        scrollToTop: () => platform.scrollToTop(),
      },
    }),
    { input: { identity: readIdentity() } },
  )

  const lists = createActor(listsMachine).start()

  let identity: Identity | null = null
  session.subscribe((s) => {
    const next = s.matches('signedIn') ? s.context.identity : null
    if (next !== identity) {
      identity = next
      navigation.send({ type: 'nav.identityChanged', identity })
      // select lists and constants belong to the admin who fetched them
      lists.send(next === 'admin' ? { type: 'lists.adminCurrent' } : { type: 'lists.reset' })
    }
  })

  configureClient({
    getLang: () => locale.getSnapshot().context.locale,
    onUnauthorized: () => session.send({ type: 'session.purge' }),
  })

  locale.start()
  session.start()
  navigation.start()
  return { session, locale, navigation, lists, toaster: createToaster() }
}

const RootContext = createContext<Root | null>(null)

export function RootProvider({ root, children }: { root: Root; children: ReactNode }) {
  return <RootContext.Provider value={root}>{children}</RootContext.Provider>
}

export function useRoot(): Root {
  const root = useContext(RootContext)
  if (!root) throw new Error('useRoot outside RootProvider')
  return root
}
