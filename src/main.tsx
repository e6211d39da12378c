import { StrictMode } from 'react'
import { createRoot as createReactRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider } from 'react-router-dom'
import './index.css'
import { LANGUAGE_STORAGE_KEY, type Locale } from './contract/common'
import { createI18n } from './i18n'
import { createRoot, RootProvider } from './app/root'
import { createRouter } from './app/router'

const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
const i18n = createI18n((stored === 'en' ? 'en' : 'ar') satisfies Locale)
const root = createRoot(i18n, {
  reload: () => window.location.reload(),
  scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
})
const router = createRouter()

createReactRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RootProvider root={root}>
        <RouterProvider router={router} />
      </RootProvider>
    </I18nextProvider>
  </StrictMode>,
)
