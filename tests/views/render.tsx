import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { createActor, fromPromise } from 'xstate'
import type { Admin, AdminSessionResult } from '../../src/contract/auth'
import type { Locale } from '../../src/contract/common'
import { createI18n } from '../../src/i18n'
import { catalogues } from '../../src/i18n/catalogue'
import { RootProvider, type Root } from '../../src/app/root'
import { dockMachine } from '../../src/machines/dock'
import { listsMachine } from '../../src/machines/lists'
import { createLazyToaster } from '../../src/ui/lazy-toaster'
import { localeMachine } from '../../src/machines/locale'
import { navigationMachine } from '../../src/machines/navigation'
import { sessionMachine } from '../../src/machines/session'

export const admin: Admin = {
  id: 1,
  name: 'سارة العتيبي',
  email: 'sara@example.com',
  avatar: null,
  locale: 'ar',
  user_type: 'primary',
  is_active: true,
  last_login_at: '2026-11-20T08:30:00.000Z',
  permissions: ['*'],
}

/** Renders a screen with real charts whose server calls are the given functions. */
export function renderScreen(
  ui: ReactNode,
  options: { lang?: Locale; login?: (input: unknown) => Promise<AdminSessionResult>; path?: string; signedIn?: boolean } = {},
) {
  const lang = options.lang ?? 'en'
  const i18n = createI18n(lang, catalogues)
  const locale = createActor(localeMachine.provide({ actions: { applyLanguage: (_, p) => void i18n.changeLanguage(p.locale) } }), {
    input: { stored: lang },
  }).start()
  const session = createActor(
    sessionMachine.provide({
      actors: {
        adminLogin: fromPromise(({ input }) => (options.login ?? (async () => ({ token: 't', admin })))(input)),
        checkAdmin: fromPromise(async () => ({ admin })),
      },
      actions: { storeToken: () => {}, clearToken: () => {} },
    }),
    { input: { token: options.signedIn ? 'token' : null, identity: options.signedIn ? 'admin' : null } },
  ).start()
  const navigation = createActor(navigationMachine, { input: { identity: null } }).start()
  const lists = createActor(listsMachine).start()
  const { toaster, ToastOutlet } = createLazyToaster()
  const dock = createActor(dockMachine).start()
  const root: Root = { session, locale, navigation, lists, dock, toaster, ToastOutlet }
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RootProvider root={root}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </RootProvider>
    </I18nextProvider>,
  )
  return { ...result, root, i18n }
}

/** Matches a field's label by its text, without the asterisk of a required field (hidden from assistive technology). */
export const label = (text: string) => (content: string) => content.replace(/\*$/, '').trim() === text
