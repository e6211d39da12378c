import { LocaleProvider } from '@ark-ui/react/locale'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useRouteError } from 'react-router-dom'
import { css } from 'styled-system/css'
import { Button } from '../ui/button'
import { LoadingScreen } from '../ui/spinner'
import { useRoot } from './root'

/** The docked tool panel (QA's Flows panel), loaded when one is first opened. */
const ToolDock = lazy(() => import('./tool-dock'))

/** Every navigation goes to the navigation chart; Ark's components follow the language. */
export function Shell() {
  const { navigation, locale, dock, toaster, ToastOutlet } = useRoot()
  const docked = useSelector(dock, (s) => s.matches('open'))
  const { t } = useTranslation()
  const location = useLocation()
  const lang = useSelector(locale, (s) => s.context.locale)
  useEffect(() => {
    navigation.send({ type: 'nav.changed', path: location.pathname })
  }, [navigation, location.pathname])
  // a message belongs to the screen it was raised on, or to the one it led to (a save's message on
  // the saved record): one navigation later it goes
  const shownBefore = useRef<string[]>([])
  useEffect(() => {
    for (const id of shownBefore.current) toaster.dismiss(id)
    shownBefore.current = toaster.visibleIds()
  }, [toaster, location.pathname])
  useEffect(() => {
    document.title = `${t('app.adminPanel')} · ${t('app.name')}`
  }, [t, lang])
  return (
    <LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>
      <Outlet />
      {docked && (
        <Suspense fallback={null}>
          <ToolDock />
        </Suspense>
      )}
      <ToastOutlet closeLabel={t('actions.close')} />
    </LocaleProvider>
  )
}

/** A route module that failed to load (spec: "Loading chunk failed"), or any render failure. */
export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
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

/** Shown while the first route module loads. */
export function BootScreen() {
  const { t } = useTranslation()
  return <LoadingScreen label={t('common.loading')} />
}
