import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { SupportKind, SupportStatus } from '../../domain/support'
import { isPending, offeredAction, supportFailure, supportItemMachine } from '../../machines/support-item'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import { useChart } from '../shared/runtime'

const labels = {
  shippingIssue: { action: 'support.markResolved', pending: 'support.resolving' },
  companyRequest: { action: 'support.activate', pending: 'support.activating' },
} as const

/** How the action ended: this admin did it, or someone had done it first (nothing changed). */
export type SupportDone = (message: string, outcome: 'done' | 'alreadyDone') => void

/**
 * "Mark as resolved" of an open shipping issue or "Activate" of a pending company request, run by
 * the supportItem chart from where the record stands; offered only while the chart accepts it.
 * `onDone` gets the server's message; a failure shows it in the error dialog.
 */
export function SupportActionButton({
  kind,
  status,
  path,
  id,
  disabled,
  label,
  variant = 'solid',
  onDone,
}: {
  kind: SupportKind
  status: SupportStatus
  path: string
  id: number
  disabled?: boolean
  /** Accessible name when the button sits among many (a table row names its record). */
  label?: string
  /** Solid on a record's own page; outline among a table's rows. */
  variant?: 'solid' | 'outline'
  onDone: SupportDone
}) {
  const { t } = useTranslation()
  const done = useRef(onDone)
  done.current = onDone
  const actor = useChart(
    supportItemMachine.provide({
      actions: {
        onDone: (_, { message }) => done.current(message, 'done'),
        onAlreadyDone: (_, { message }) => done.current(message, 'alreadyDone'),
      },
    }),
    { kind, status, path, id },
  )
  const offered = useSelector(actor, offeredAction)
  const pending = useSelector(actor, isPending)
  const failure = useSelector(actor, supportFailure)
  const text = labels[kind]
  if (!offered && !pending) return null
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        loading={pending}
        loadingText={t(text.pending)}
        disabled={disabled}
        aria-label={label}
        onClick={() => offered && actor.send(offered)}
      >
        {t(text.action)}
      </Button>
      <FailureDialog message={failure ? failure.message : null} onClose={() => actor.send({ type: 'support.dismiss' })} />
    </>
  )
}
