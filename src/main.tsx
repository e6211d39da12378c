import { StrictMode } from 'react'
import { createRoot as createReactRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider } from 'react-router-dom'
import './index.css'
import { LANGUAGE_STORAGE_KEY, type Locale } from './contract/common'
import { completeCatalogues, createI18n, loadCatalogue } from './i18n'
import { createRoot, RootProvider } from './app/root'
import { createRouter } from './app/router'

/** QA builds (`VITE_INSPECT=1`) or `?inspect` in the address: the actors stream to the Stately inspector. */
const inspecting = import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).has('inspect')

async function start() {
  // the inspector's code is fetched only when it is on, before the first actor starts
  if (inspecting)
    await import('./app/inspector').then(
      (m) => m.startInspector(),
      (error: unknown) => console.warn('the inspector could not be loaded; the app runs without it', error),
    )
  const lang: Locale = localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ar'
  // only the language shown is fetched before the first screen; the other when the admin switches to it
  const i18n = createI18n(lang, { [lang]: await loadCatalogue(lang) })
  const root = createRoot(i18n, {
    reload: () => window.location.reload(),
    scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  })
  // a screen opens once the modules' messages are there too (the sign-in pages need only the start's)
  const router = createRouter((files) => completeCatalogues(i18n, files))

  createReactRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RootProvider root={root}>
          <RouterProvider router={router} />
        </RootProvider>
      </I18nextProvider>
    </StrictMode>,
  )
}

void start()
