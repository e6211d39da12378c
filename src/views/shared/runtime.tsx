import { useActorRef, useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, type ReactNode } from 'react'
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate'
import { hasPermission } from '../../contract/access'
import type { Admin, UserSessionResult } from '../../contract/auth'
import type { Locale } from '../../contract/common'
import { isListLoading, listFailureOf, listOf, type ListFilters, type listsMachine } from '../../machines/lists'
import { chosenLocale, type localeMachine } from '../../machines/locale'
import { actorOptions } from '../../machines/runtime'
import type { sessionMachine } from '../../machines/session'
import type { AppToaster } from '../../ui/lazy-toaster'

/** The app-wide actors screens may reach, through the narrow hooks below (never all at once). */
export type AppActors = {
  session: ActorRefFrom<typeof sessionMachine>
  locale: ActorRefFrom<typeof localeMachine>
  lists: ActorRefFrom<typeof listsMachine>
  /** Short confirmations (saved, deleted) at the top inline end. */
  toaster: AppToaster
}

const AppActorsContext = createContext<AppActors | null>(null)

/** Given by the app around its routes. */
export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>
}

function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext)
  if (!actors) throw new Error('a screen outside AppActorsProvider')
  return actors
}

/** The toaster for short confirmations. */
export const useToaster = () => useAppActors().toaster

/** The language the screens are shown in: read here, nowhere else. */
export const useLang = (): Locale => useSelector(useAppActors().locale, (s) => s.context.locale)

/** The signed-in admin, or null. */
export const useAdmin = () => useSelector(useAppActors().session, (s) => s.context.admin)

/**
 * Whether the signed-in admin may do `permission` (a module's `xxxAccess.can.<action>`). The server
 * decides; screens only hide what it would refuse.
 */
export const useCan = (permission: string): boolean =>
  useSelector(useAppActors().session, (s) => hasPermission(s.context.admin?.permissions ?? [], permission))

/**
 * After the signed-in admin saved its own profile: the session shows the new record at once and the
 * page follows a new language (already stored on the server, so it is not saved again).
 */
export function useOwnProfileSaved(): (admin: Admin) => void {
  const { session, locale } = useAppActors()
  return (admin: Admin) => {
    session.send({ type: 'session.adminUpdated', admin })
    if (locale.getSnapshot().context.locale !== admin.locale) locale.send({ type: 'locale.change', locale: admin.locale, remote: false })
  }
}

/** A select list of `core/list/{name}`: asked for once, then served from the lists chart's cache. */
export function useSelectList(name: string, filters: ListFilters = {}) {
  const { lists } = useAppActors()
  const key = JSON.stringify(filters)
  useEffect(() => {
    lists.send({ type: 'lists.request', name, filters: JSON.parse(key) as ListFilters })
  }, [lists, name, key])
  const list = useSelector(lists, (s) => listOf(s, name, filters))
  const loading = useSelector(lists, (s) => isListLoading(s, name, filters))
  const failure = useSelector(lists, (s) => listFailureOf(s, name, filters))
  return { list, loading, failure }
}

/** The sign-in screen's slice of the session chart. */
export function useAdminSignIn() {
  const { session, locale } = useAppActors()
  const busy = useSelector(session, (s) => s.matches('signingIn'))
  const error = useSelector(session, (s) => (s.matches('signedOut') ? s.context.error : null))
  const ended = useSelector(session, (s) => (s.matches('signedOut') ? s.context.ended : null))
  return {
    busy,
    error,
    ended,
    signIn: (email: string, password: string) => {
      const chosen = chosenLocale(locale.getSnapshot())
      session.send({ type: 'session.signIn', email, password, ...(chosen ? { locale: chosen } : {}) })
    },
    dismiss: () => session.send({ type: 'session.dismissError' }),
  }
}

/** The vendor sign-in screen's slice of the session chart (an end user's email and password). */
export function useUserSignIn() {
  const { session } = useAppActors()
  const busy = useSelector(session, (s) => s.matches('signingIn'))
  const error = useSelector(session, (s) => (s.matches('signedOut') ? s.context.error : null))
  return {
    busy,
    error,
    signIn: (email: string, password: string) => session.send({ type: 'session.userSignIn', email, password }),
    dismiss: () => session.send({ type: 'session.dismissError' }),
  }
}

/** A chart for this screen: started with the app's actor options (watched by QA's inspector and the tests). */
export function useChart<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>): ActorRefFrom<TMachine> {
  // eslint-disable-next-line no-restricted-syntax -- the one place a screen's chart is started
  return useActorRef(machine, { ...(input === undefined ? {} : { input }), ...actorOptions() } as never) as ActorRefFrom<TMachine>
}

/** Signs an end user in with a token another flow obtained (the vendor registration's completion). */
export function useUserSessionStart() {
  const { session } = useAppActors()
  return (token: string, user: UserSessionResult['user']) => session.send({ type: 'session.userEstablished', token, user })
}
