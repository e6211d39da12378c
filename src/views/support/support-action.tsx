import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isPending, supportItemMachine, type SupportKind } from '../../machines/support-item'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'

const labels = {
  shippingIssue: { action: 'support.markResolved', pending: 'support.resolving', event: 'support.resolve' },
  companyRequest: { action: 'support.activate', pending: 'support.activating', event: 'support.activate' },
} as const

/**
 * "Mark as resolved" of an open shipping issue or "Activate" of a pending company request, run by
 * the supportItem chart (the same chart the server checks the action with). `onDone` gets the
 * server's message; a failure shows the server's message in the error dialog.
 */
export function SupportActionButton({
  kind,
  path,
  id,
  disabled,
  label,
  variant = 'solid',
  onDone,
}: {
  kind: SupportKind
  path: string
  id: number
  disabled?: boolean
  /** Accessible name when the button sits among many (a table row names its record). */
  label?: string
  /** Solid on a record's own page; outline among a table's rows. */
  variant?: 'solid' | 'outline'
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const done = useRef(onDone)
  done.current = onDone
  const actor = useActorRef(
    supportItemMachine.provide({ actions: { onDone: (_, { message }) => done.current(message) } }),
    { input: { kind, status: kind === 'shippingIssue' ? 'notResolved' : 'notActivated', path, id } },
  )
  const pending = useSelector(actor, isPending)
  const failure = useSelector(actor, (s) => s.context.failure)
  const finished = useSelector(actor, (s) => s.matches({ shippingIssue: 'resolved' }) || s.matches({ companyRequest: 'activated' }))
  const text = labels[kind]
  if (finished) return null
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        loading={pending}
        loadingText={t(text.pending)}
        disabled={disabled}
        aria-label={label}
        onClick={() => actor.send({ type: text.event })}
      >
        {t(text.action)}
      </Button>
      <FailureDialog message={failure ? failure.message : null} onClose={() => actor.send({ type: 'support.dismiss' })} />
    </>
  )
}
