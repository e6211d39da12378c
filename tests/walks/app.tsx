import { render } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import type { Admin } from '../../src/contract/auth'
import type { Category } from '../../src/contract/categories'
import type { Locale } from '../../src/contract/common'
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { screenModules } from '../../src/app/modules'
import { createRoot, RootProvider } from '../../src/app/root'
import { buildRoutes } from '../../src/app/router'
import { createI18n } from '../../src/i18n'
import { catalogues } from '../../src/i18n/catalogue'
import { IDENTITY_STORAGE_KEY } from '../../src/machines/session'
import { notificationsPaths } from '../../src/contract/notifications'
import { eventStream, ok, type Network } from './network'

/** A top-level category as the API gives it; its name in both languages unless `translations` says otherwise. */
export const category = (fields: Partial<Category> & Pick<Category, 'id' | 'name'>): Category => ({
  description: null,
  parent_id: null,
  parent_name: null,
  image: null,
  is_active: true,
  sort_order: 0,
  sub_categories_count: 0,
  version: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  translations: [
    { locale: 'ar', name: fields.name, description: null },
    { locale: 'en', name: fields.name, description: null },
  ],
  ...fields,
})

export const admin: Admin = {
  id: 1,
  name: 'Huda Admin',
  email: 'huda@example.com',
  avatar: null,
  locale: 'en',
  user_type: 'primary',
  is_active: true,
  last_login_at: '2026-11-20T08:30:00.000Z',
  permissions: ['*'],
}

/** The site's identity as the settings give it before anyone changed them: the catalogue's names. */
const site = { name_ar: catalogues.ar.app.name, name_en: catalogues.en.app.name, logo: null, contact_form_enabled: true }

const common = {
  lists: { package_types: [], subscription_types: [], payment_methods: [], payment_statuses: [], attribute_types: [], languages: [] },
}

/**
 * The whole web app as a user meets it (routes, guards, layouts and screens built from the modules'
 * declarations, the app's own root actors) at `path`, on the fake network. A signed-in admin's
 * session check and the constants are answered at once.
 */
export function renderApp(
  net: Network,
  path: string,
  options: {
    lang?: Locale
    signedIn?: boolean
    admin?: Admin
    /** Addresses visited before `path` (Back goes there). */ before?: string[]
    /**
     * The header's notifications stream: held open and silent (the default, for walks of other charts:
     * the bell waits, asks nothing more, and leaves no request pending), or left to the walk to answer.
     */
    notifications?: 'silent' | 'walked'
  } = {},
) {
  const lang = options.lang ?? 'en'
  const me = options.admin ?? { ...admin, locale: lang }
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang)
  if (options.signedIn !== false) {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token')
    localStorage.setItem(IDENTITY_STORAGE_KEY, 'admin')
    net.auto({ method: 'GET', path: 'admin-panal/auth/me' }, () => ok({ admin: me }))
  }
  net.auto({ method: 'GET', path: 'core/common' }, () => ok(common))
  net.auto({ method: 'GET', path: 'core/site' }, () => ok({ site }))
  if (options.notifications !== 'walked')
    net.auto({ method: 'GET', path: notificationsPaths.stream.replace(/^\//, '') }, () => eventStream().answer)
  const i18n = createI18n(lang, catalogues)
  const platform = { reloads: 0, scrolls: 0 }
  const root = createRoot(i18n, { reload: () => void (platform.reloads += 1), scrollToTop: () => void (platform.scrolls += 1) })
  const entries = [...(options.before ?? []), path]
  const router = createMemoryRouter(buildRoutes(screenModules), { initialEntries: entries, initialIndex: entries.length - 1 })
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RootProvider root={root}>
        <RouterProvider router={router} />
      </RootProvider>
    </I18nextProvider>,
  )
  const stop = () => {
    result.unmount()
    root.session.stop()
    root.locale.stop()
    root.navigation.stop()
    root.lists.stop()
    root.dock.stop()
  }
  return { ...result, root, router, platform, t: catalogues[lang], stop }
}

export type App = ReturnType<typeof renderApp>
