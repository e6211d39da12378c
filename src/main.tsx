import { StrictMode, type ReactElement } from 'react'
import { createRoot as createReactRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import './index.css'
import { LANGUAGE_STORAGE_KEY, type Locale } from './contract/common'
import { completeCatalogues, createI18n, loadCatalogue } from './i18n'
import { publicPage } from './app/public-page'
import { createRoot, RootProvider } from './app/root'
import type { BeforeScreen } from './app/screen-loader'
import { screenModules } from './app/modules'

/** QA builds (`VITE_INSPECT=1`) or `?inspect` in the address: the actors stream to the Stately inspector. */
const inspecting = import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).has('inspect')

/** The screen at this address when it is a page of its own, without the admin app's router (the public registration). */
const here = window.location.pathname.replace(/(.)\/+$/, '$1')
const publicRoute = screenModules.flatMap((m) => m.routes).find((route) => route.standalone === true && route.path === here)

// the router's code (and the modules' declarations) is fetched for the admin app only
async function routerApp(): Promise<(beforeScreen: BeforeScreen) => ReactElement> {
  const { routerApp } = await import('./app/router')
  return routerApp
}

async function start() {
  // the inspector's code is fetched only when it is on, before the first actor starts
  if (inspecting)
    await import('./app/inspector').then(
      (m) => m.startInspector(),
      (error: unknown) => console.warn('the inspector could not be loaded; the app runs without it', error),
    )
  // the page's own code (the router and the modules, or the public page) comes while the messages do
  const page = publicRoute ? Promise.resolve((beforeScreen: BeforeScreen) => publicPage(publicRoute, beforeScreen)) : routerApp()
  const lang: Locale = localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ar'
  // only the language shown is fetched before the first screen; the other when the admin switches to it
  const i18n = createI18n(lang, { [lang]: await loadCatalogue(lang) })
  const root = createRoot(i18n, {
    reload: () => window.location.reload(),
    scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  })
  // a screen opens once the modules' messages are there too (the sign-in pages need only the start's)
  const beforeScreen = (files?: readonly string[]) => completeCatalogues(i18n, files)
  const content = (await page)(beforeScreen)

  createReactRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RootProvider root={root}>{content}</RootProvider>
      </I18nextProvider>
    </StrictMode>,
  )
}

void start()
