import { useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { screens } from '../../contract/screens'
import { registrationMachine, type RegistrationSnapshot } from '../../machines/registration'
import { Button } from '../../ui/button'
import { PackageStep } from '../registration/package-step'
import { PaymentStep } from '../registration/payment-step'
import { wizardStyles } from '../registration/styles'
import { WizardBusy, WizardFailed, WizardFailure, WizardHeader, WizardSteps } from '../registration/wizard-parts'
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
          renewed: (_, { result }) => {
            // a receipt awaits an admin's approval: the new period has not started yet
            const message = result.payment.status === 'Pending' ? 'vendor-area.renewal.awaitingApproval' : 'vendor-area.renewal.done'
            done.current.toaster.success({ title: done.current.t(message) })
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

  return (
    <div className={wizardStyles.page}>
      <WizardHeader title={t('vendor-area.renewal.title')} subtitle={t('vendor-area.renewal.subtitle')} />
      {onPackage || onPayment ? <WizardSteps label={t('vendor-area.renewal.steps')} steps={steps} current={onPayment ? 2 : 1} /> : null}

      {failure && !loadFailed && !completeFailed ? <WizardFailure wizard={wizard} message={failure.message} /> : null}

      {busy ? <WizardBusy label={busy === 'loading' ? t('vendor-area.renewal.loading') : t('vendor-area.renewal.finishing')} /> : null}
      {loadFailed || completeFailed ? (
        <WizardFailed
          wizard={wizard}
          message={
            <>
              {loadFailed ? t('vendor-area.renewal.loadFailed') : t('vendor-area.renewal.finishFailed')} {failure?.message}
            </>
          }
          retryLabel={t('vendor-area.renewal.retry')}
        >
          <Button variant="outline" onClick={() => void navigate(screens.userDashboard)}>
            {t('vendor-area.renewal.backToDashboard')}
          </Button>
        </WizardFailed>
      ) : null}

      {onPackage ? <PackageStep wizard={wizard} /> : null}
      {onPayment ? <PaymentStep wizard={wizard} /> : null}
    </div>
  )
}
