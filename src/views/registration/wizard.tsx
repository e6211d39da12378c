import { useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { screens } from '../../contract/screens'
import {
  currentStep,
  hasUnsavedChanges,
  isLeaveAsked,
  readSavedRegistration,
  registrationMachine,
  referralCodeOf,
  utmOf,
  type RegistrationSnapshot,
} from '../../machines/registration'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CheckIcon } from '../../ui/icons'
import { LazyConfirmDialog as ConfirmDialog } from '../../ui/lazy-modal'
import { Spinner } from '../../ui/spinner'
import { useGuardedChart, useNavigationGuard, type LeaveQuestion } from '../shared/navigation-guard'
import { useChart, useUserSessionStart } from '../shared/runtime'
import { PackageStep } from './package-step'
import { PaymentStep } from './payment-step'
import { StoreStep } from './store-step'
import { wizardStyles, type WizardActor } from './styles'

/** The vendor's own area, where a registered vendor lands (built by the vendor area's module). */
const VENDOR_HOME = screens.userDashboard

const leaveQuestion: LeaveQuestion<WizardActor> = {
  blocked: { type: 'registration.navigationBlocked' },
  held: isLeaveAsked,
  unsaved: hasUnsavedChanges,
}

const busyOf = (s: RegistrationSnapshot) =>
  s.matches('loading') || s.matches('creating') || s.matches('resuming')
    ? ('loading' as const)
    : s.matches('completing')
      ? ('completing' as const)
      : null

const stepItem = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  flexDir: 'column',
  gap: '2',
  '& .bar': { h: '1.5', borderRadius: 'full', bg: 'border.default' },
  '& .label': { display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted', minW: '0' },
  '& .dot': { flexShrink: 0, w: '6', h: '6', borderRadius: 'full', display: 'grid', placeItems: 'center', fontSize: 'xs', bg: 'bg.muted' },
  '&:not([data-state=todo]) .bar': { bg: 'primary.600' },
  '&:not([data-state=todo]) .dot': { bg: 'primary.600', color: 'white' },
  '&[data-state=current] .label': { color: 'fg.default', fontWeight: '700' },
})

/** `/register/vender`: the wizard's frame (heading, step indicator, notices) around the step the chart is on. */
export function RegistrationScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const startSession = useUserSessionStart()
  const guard = useNavigationGuard()
  const start = useRef(startSession)
  start.current = startSession
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actions: {
          ...guard.actions,
          stayOnPage: guard.actions.stayOnForm,
          registered: (_, { result }) => {
            start.current(result.api_token, result.user)
            guard.leaving()
            void navigate(VENDOR_HOME, { replace: true })
          },
        },
      }),
    // the chart is made once for the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const wizard = useChart(machine, {
    saved: readSavedRegistration(),
    utm: utmOf(window.location.search),
    referralCode: referralCodeOf(window.location.search),
  })
  useGuardedChart(wizard, guard, leaveQuestion)

  const step = useSelector(wizard, currentStep)
  const busy = useSelector(wizard, busyOf)
  const loadFailed = useSelector(wizard, (s) => s.matches('loadFailed'))
  const completeFailed = useSelector(wizard, (s) => s.matches('completeFailed'))
  const done = useSelector(wizard, (s) => s.matches('done'))
  const restarted = useSelector(wizard, (s) => s.context.restarted)
  const failure = useSelector(wizard, (s) => s.context.failure)
  const leaveAsked = useSelector(wizard, isLeaveAsked)
  const onStore = useSelector(wizard, (s) => s.matches('store'))
  const onPackage = useSelector(wizard, (s) => s.matches('package'))
  const onPayment = useSelector(wizard, (s) => s.matches('payment'))

  const steps = [t('registration.wizard.steps.store'), t('registration.wizard.steps.package'), t('registration.wizard.steps.payment')]

  return (
    <div className={wizardStyles.page}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700' })}>{t('registration.wizard.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('registration.wizard.subtitle')}</p>
      </header>

      <nav aria-label={t('registration.wizard.steps.label')}>
        <ol className={css({ display: 'flex', gap: { base: '2', md: '4' }, listStyle: 'none', p: '0', m: '0' })}>
          {steps.map((label, i) => {
            const n = i + 1
            const state = n < step ? 'done' : n === step ? 'current' : 'todo'
            return (
              <li key={label} data-state={state} aria-current={state === 'current' ? 'step' : undefined} className={stepItem}>
                <span className="bar" />
                <span className="label">
                  <span aria-hidden="true" className="dot">
                    {state === 'done' ? <CheckIcon width={14} height={14} /> : n}
                  </span>
                  <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{label}</span>
                </span>
              </li>
            )
          })}
        </ol>
      </nav>

      {restarted ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <Alert tone="info">{t('registration.wizard.restarted')}</Alert>
        </div>
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
          <Spinner size="lg" label={busy === 'loading' ? t('registration.wizard.loading') : t('registration.wizard.completing')} />
          <p>{busy === 'loading' ? t('registration.wizard.loading') : t('registration.wizard.completing')}</p>
        </div>
      ) : null}
      {loadFailed || completeFailed ? (
        <div className={wizardStyles.center}>
          <Alert tone="error">
            {loadFailed ? t('registration.wizard.loadFailed') : t('registration.wizard.completeFailed')} {failure?.message}
          </Alert>
          <Button onClick={() => wizard.send({ type: 'registration.retry' })}>{t('registration.wizard.actions.retry')}</Button>
        </div>
      ) : null}
      {done ? (
        <div className={wizardStyles.center}>
          <Alert tone="success">{t('registration.wizard.done')}</Alert>
        </div>
      ) : null}

      {onStore ? <StoreStep wizard={wizard} /> : null}
      {onPackage ? <PackageStep wizard={wizard} /> : null}
      {onPayment ? <PaymentStep wizard={wizard} /> : null}

      <ConfirmDialog
        open={leaveAsked}
        tone="primary"
        title={t('registration.wizard.leaveTitle')}
        message={t('registration.wizard.leaveBody')}
        yesLabel={t('registration.wizard.leave')}
        noLabel={t('registration.wizard.stay')}
        onYes={() => wizard.send({ type: 'registration.leaveConfirmed' })}
        onNo={() => wizard.send({ type: 'registration.leaveCancelled' })}
      />
    </div>
  )
}
