import { useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
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
import { LazyConfirmDialog as ConfirmDialog } from '../../ui/lazy-modal'
import { useGuardedChart, useNavigationGuard, type LeaveQuestion } from '../shared/navigation-guard'
import { useRouterPorts } from '../shared/router-ports'
import { useChart, useUserSessionStart } from '../shared/runtime'
import { PackageStep } from './package-step'
import { PaymentStep } from './payment-step'
import { StoreStep } from './store-step'
import { wizardStyles, type WizardActor } from './styles'
import { WizardBusy, WizardFailed, WizardFailure, WizardHeader, WizardSteps } from './wizard-parts'

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

/** `/register/vender`: the wizard's frame (heading, step indicator, notices) around the step the chart is on. */
export function RegistrationScreen() {
  const { t } = useTranslation()
  const navigate = useRouterPorts().useNavigate()
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
            navigate(VENDOR_HOME, { replace: true })
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
      <WizardHeader title={t('registration.wizard.title')} subtitle={t('registration.wizard.subtitle')} />
      <WizardSteps label={t('registration.wizard.steps.label')} steps={steps} current={step} />

      {restarted ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <Alert tone="info">{t('registration.wizard.restarted')}</Alert>
        </div>
      ) : null}
      {failure && !loadFailed && !completeFailed ? <WizardFailure wizard={wizard} message={failure.message} /> : null}

      {busy ? <WizardBusy label={busy === 'loading' ? t('registration.wizard.loading') : t('registration.wizard.completing')} /> : null}
      {loadFailed || completeFailed ? (
        <WizardFailed
          wizard={wizard}
          message={
            <>
              {loadFailed ? t('registration.wizard.loadFailed') : t('registration.wizard.completeFailed')} {failure?.message}
            </>
          }
          retryLabel={t('registration.wizard.actions.retry')}
        />
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
