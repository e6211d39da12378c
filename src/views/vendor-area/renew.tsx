import { useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { screens } from '../../contract/screens'
import { registrationMachine, type RegistrationSnapshot } from '../../machines/registration'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { PackageStep } from '../registration/package-step'
import { PaymentStep } from '../registration/payment-step'
import { wizardStyles } from '../registration/styles'
import { useChart, useToaster } from '../shared/runtime'

const busyOf = (s: RegistrationSnapshot) =>
  s.matches('loading') ? ('loading' as const) : s.matches('completing') || s.matches('renewed') ? ('finishing' as const) : null

/**
 * `/dashboard/renew`: the signed-in vendor renews or changes its package through the registration
 * chart's steps 2 and 3 (`mode: 'renewal'`), then goes back to its dashboard, which lists the new
 * payment (paid, or awaiting approval).
 */
export function VendorRenewalScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toaster = useToaster()
  const done = useRef({ t, toaster })
  done.current = { t, toaster }
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actions: {
          renewed: () => {
            done.current.toaster.success({ title: done.current.t('vendor-area.renewal.done') })
            void navigate(screens.userDashboard, { replace: true })
          },
          leaveRenewal: () => void navigate(screens.userDashboard),
        },
      }),
    // the chart is made once for the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const wizard = useChart(machine, { mode: 'renewal' })
  const busy = useSelector(wizard, busyOf)
  const loadFailed = useSelector(wizard, (s) => s.matches('loadFailed'))
  const completeFailed = useSelector(wizard, (s) => s.matches('completeFailed'))
  const failure = useSelector(wizard, (s) => s.context.failure)
  const onPackage = useSelector(wizard, (s) => s.matches('package'))
  const onPayment = useSelector(wizard, (s) => s.matches('payment'))
  const steps = [t('registration.wizard.steps.package'), t('registration.wizard.steps.payment')]
  const current = onPayment ? 1 : 0

  return (
    <div className={wizardStyles.page}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700' })}>{t('vendor-area.renewal.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('vendor-area.renewal.subtitle')}</p>
      </header>

      {onPackage || onPayment ? (
        <nav aria-label={t('vendor-area.renewal.steps')}>
          <ol className={css({ display: 'flex', gap: '3', listStyle: 'none', p: '0', m: '0', flexWrap: 'wrap' })}>
            {steps.map((label, i) => (
              <li
                key={label}
                aria-current={i === current ? 'step' : undefined}
                className={css({
                  fontSize: 'sm',
                  px: '3',
                  py: '1',
                  borderRadius: 'full',
                  bg: i === current ? 'primary.600' : 'bg.muted',
                  color: i === current ? 'white' : 'fg.muted',
                  fontWeight: i === current ? '700' : '400',
                })}
              >
                {i + 1}. {label}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {failure && !loadFailed && !completeFailed ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })} data-testid="wizard-failure">
          <div className={css({ flex: '1' })}>
            <Alert tone="error">{failure.message || t('errors.generic')}</Alert>
          </div>
          <Button variant="ghost" size="sm" onClick={() => wizard.send({ type: 'registration.dismiss' })}>
            {t('registration.wizard.actions.close')}
          </Button>
        </div>
      ) : null}

      {busy ? (
        <div className={wizardStyles.center}>
          <Spinner size="lg" label={busy === 'loading' ? t('vendor-area.renewal.loading') : t('vendor-area.renewal.finishing')} />
          <p>{busy === 'loading' ? t('vendor-area.renewal.loading') : t('vendor-area.renewal.finishing')}</p>
        </div>
      ) : null}
      {loadFailed || completeFailed ? (
        <div className={wizardStyles.center}>
          <Alert tone="error">
            {loadFailed ? t('vendor-area.renewal.loadFailed') : t('vendor-area.renewal.finishFailed')} {failure?.message}
          </Alert>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
            <Button onClick={() => wizard.send({ type: 'registration.retry' })}>{t('vendor-area.renewal.retry')}</Button>
            <Button variant="outline" onClick={() => void navigate(screens.userDashboard)}>
              {t('vendor-area.renewal.backToDashboard')}
            </Button>
          </div>
        </div>
      ) : null}

      {onPackage ? <PackageStep wizard={wizard} /> : null}
      {onPayment ? <PaymentStep wizard={wizard} /> : null}
    </div>
  )
}
