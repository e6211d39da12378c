import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CheckIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { wizardStyles, type WizardActor } from './styles'

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

/** The page's heading and what it is for. */
export function WizardHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700' })}>{title}</h1>
      <p className={css({ color: 'fg.muted' })}>{subtitle}</p>
    </header>
  )
}

/** The step indicator: the steps done, the one shown (`current`, counted from 1) and those to come. */
export function WizardSteps({ label, steps, current }: { label: string; steps: readonly string[]; current: number }) {
  return (
    <nav aria-label={label}>
      <ol className={css({ display: 'flex', gap: { base: '2', md: '4' }, listStyle: 'none', p: '0', m: '0' })}>
        {steps.map((name, i) => {
          const n = i + 1
          const state = n < current ? 'done' : n === current ? 'current' : 'todo'
          return (
            <li key={name} data-state={state} aria-current={state === 'current' ? 'step' : undefined} className={stepItem}>
              <span className="bar" />
              <span className="label">
                <span aria-hidden="true" className="dot">
                  {state === 'done' ? <CheckIcon width={14} height={14} /> : n}
                </span>
                <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{name}</span>
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** A failure beside the step (not a field's), closed with Close. */
export function WizardFailure({ wizard, message }: { wizard: WizardActor; message: string }) {
  const { t } = useTranslation()
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })} data-testid="wizard-failure">
      <div className={css({ flex: '1' })}>
        <Alert tone="error">{message || t('errors.generic')}</Alert>
      </div>
      <Button variant="ghost" size="sm" onClick={() => wizard.send({ type: 'registration.dismiss' })}>
        {t('registration.wizard.actions.close')}
      </Button>
    </div>
  )
}

/** Loading or finishing: the spinner and what it waits for. */
export function WizardBusy({ label }: { label: string }) {
  return (
    <div className={wizardStyles.center}>
      <Spinner size="lg" label={label} />
      <p>{label}</p>
    </div>
  )
}

/** The page could not load or finish: why, Try again, and any other way out. */
export function WizardFailed({
  wizard,
  message,
  retryLabel,
  children,
}: {
  wizard: WizardActor
  message: ReactNode
  retryLabel: string
  children?: ReactNode
}) {
  return (
    <div className={wizardStyles.center}>
      <Alert tone="error">{message}</Alert>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
        <Button onClick={() => wizard.send({ type: 'registration.retry' })}>{retryLabel}</Button>
        {children}
      </div>
    </div>
  )
}
