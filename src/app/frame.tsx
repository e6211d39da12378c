import { LocaleProvider } from '@ark-ui/react/locale'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Button } from '../ui/button'
import { LoadingScreen } from '../ui/spinner'
import { useRoot } from './root'

/** The docked tool panel (QA's Flows panel), loaded when one is first opened. */
const ToolDock = lazy(() => import('./tool-dock'))

/**
 * What every page has around its screens, with or without the router: the page at `path` goes to
 * the navigation chart, Ark's components follow the language, the toasts and the docked tools.
 */
export function Frame({ path, children }: { path: string; children: ReactNode }) {
  const { navigation, locale, dock, toaster, ToastOutlet } = useRoot()
  const docked = useSelector(dock, (s) => s.matches('open'))
  const { t } = useTranslation()
  const lang = useSelector(locale, (s) => s.context.locale)
  useEffect(() => {
    navigation.send({ type: 'nav.changed', path })
  }, [navigation, path])
  // a message belongs to the screen it was raised on, or to the one it led to (a save's message on
  // the saved record): one navigation later it goes
  const shownBefore = useRef<string[]>([])
  useEffect(() => {
    for (const id of shownBefore.current) toaster.dismiss(id)
    shownBefore.current = toaster.visibleIds()
  }, [toaster, path])
  useEffect(() => {
    document.title = `${t('app.adminPanel')} · ${t('app.name')}`
  }, [t, lang])
  return (
    <LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>
      {children}
      {docked && (
        <Suspense fallback={null}>
          <ToolDock />
        </Suspense>
      )}
      <ToastOutlet closeLabel={t('actions.close')} />
    </LocaleProvider>
  )
}

/** A screen module that failed to load (spec: "Loading chunk failed"), or any render failure. */
export function ScreenFailure({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|Failed to fetch/i.test(error.message)
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', textAlign: 'center' })}>
      <div role="alert" className={css({ display: 'flex', flexDir: 'column', gap: '4', alignItems: 'center' })}>
        <p className={css({ fontSize: 'xl', fontWeight: '700' })}>{chunk ? t('common.loadingChunkFailed') : t('errors.generic')}</p>
        <Button onClick={() => window.location.reload()}>{t('actions.tryAgain')}</Button>
      </div>
    </main>
  )
}

/** Shown while the first screen module loads. */
export function BootScreen() {
  const { t } = useTranslation()
  return <LoadingScreen label={t('common.loading')} />
}
