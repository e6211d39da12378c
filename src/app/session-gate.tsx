import { useSelector } from '@xstate/react'
import { useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { LoadingScreen } from '../ui/spinner'
import { LanguageSwitch } from './layouts/language-switch'
import { useRoot } from './root'

/**
 * What a guarded screen shows while the session cannot be decided: the start-up check or a
 * sign-out under way (loading), or a start-up check the server never answered (the token is kept;
 * Retry). Null once the session is decided.
 */
export function useSessionHold(): ReactElement | null {
  const { session } = useRoot()
  const { t } = useTranslation()
  const hold = useSelector(session, (s) =>
    s.matches('unreachable')
      ? 'unreachable'
      : s.matches('restoring') || s.matches('verifying') || s.matches('signingOut')
        ? 'pending'
        : null,
  )
  if (hold === 'pending') return <LoadingScreen label={t('common.loading')} />
  if (hold === 'unreachable') return <Unreachable />
  return null
}

function Unreachable() {
  const { session } = useRoot()
  const { t } = useTranslation()
  // the connection coming back checks again by itself
  useEffect(() => {
    const retry = () => session.send({ type: 'session.retry' })
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [session])
  return (
    <main
      className={css({ position: 'relative', minH: '100dvh', display: 'grid', placeItems: 'center', p: '6' })}
      data-testid="session-unreachable"
    >
      <div className={css({ position: 'absolute', top: '4', insetInlineEnd: '4' })}>
        <LanguageSwitch />
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '4', maxW: 'md', w: 'full' })}>
        <h1 className={css({ fontSize: 'xl', fontWeight: '700' })}>{t('app.session.unreachableTitle')}</h1>
        <Alert tone="error">{t('app.session.unreachableBody')}</Alert>
        <div>
          <Button onClick={() => session.send({ type: 'session.retry' })}>{t('app.session.retry')}</Button>
        </div>
      </div>
    </main>
  )
}
