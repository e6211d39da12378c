import { shallowEqual, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import { packageOrderMachine, packageOrderViewOf } from '../../machines/package-order'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { MenuIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { useChart } from '../shared/runtime'

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  '&[data-over]': { borderColor: 'primary.500', bg: 'primary.50' },
})
const handle = css({
  display: 'grid',
  placeItems: 'center',
  w: '8',
  h: '8',
  borderRadius: 'md',
  cursor: 'grab',
  color: 'fg.muted',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.500' },
})

/**
 * The packages in display order: drag a row onto another place, or focus its handle and press the
 * arrow keys (Home / End for first / last). Each move is saved at once; `onSaved` lets the list follow.
 */
export function PackageOrder({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation()
  const order = useChart(packageOrderMachine.provide({ actions: { onSaved } }))
  const { items, loading, loadFailed, saving, failure, moved } = useSelector(order, packageOrderViewOf, shallowEqual)
  const dragged = useRef<number | null>(null)
  const over = useRef<HTMLElement | null>(null)
  const move = (id: number, to: number) => order.send({ type: 'order.moved', id, to })

  // a failure without the server's message (offline) still shows, in general terms
  const failureText = failure === null ? null : failure || t('errors.generic')

  if (loading) return <Spinner label={t('common.loading')} />
  if (loadFailed)
    return (
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
        <Alert tone="error">{failureText}</Alert>
        <Button variant="outline" size="sm" onClick={() => order.send({ type: 'order.retry' })}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    )
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })} aria-busy={saving}>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('subscription-packages.reorder.hint')}</p>
      <ol className={css({ display: 'flex', flexDir: 'column', gap: '1.5', listStyle: 'none', p: '0', m: '0' })}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={row}
            data-testid="order-row"
            onDragOver={(event) => {
              event.preventDefault()
              if (over.current !== event.currentTarget) {
                over.current?.removeAttribute('data-over')
                over.current = event.currentTarget
                event.currentTarget.setAttribute('data-over', '')
              }
            }}
            onDragLeave={(event) => event.currentTarget.removeAttribute('data-over')}
            onDrop={(event) => {
              event.preventDefault()
              event.currentTarget.removeAttribute('data-over')
              over.current = null
              if (dragged.current !== null) move(dragged.current, index)
              dragged.current = null
            }}
          >
            <button
              type="button"
              draggable
              className={handle}
              aria-label={t('subscription-packages.reorder.handle', { name: item.title })}
              aria-keyshortcuts="ArrowUp ArrowDown Home End"
              disabled={saving}
              onDragStart={(event) => {
                dragged.current = item.id
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', String(item.id))
              }}
              onKeyDown={(event) => {
                const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: items.length - 1 }[event.key]
                if (to === undefined) return
                event.preventDefault()
                move(item.id, to)
              }}
            >
              <MenuIcon width={16} height={16} />
            </button>
            <span className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', minW: '6' })}>{index + 1}</span>
            <span className={cx(css({ fontWeight: '600', flex: '1', minW: '0' }))}>{item.title}</span>
          </li>
        ))}
      </ol>
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', minH: '5' })}>
        {saving
          ? t('subscription-packages.reorder.saving')
          : moved
            ? t('subscription-packages.reorder.moved', { name: moved.title, position: moved.position })
            : ''}
      </p>
      {failureText === null ? null : (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
          <Alert tone="error">{failureText}</Alert>
          <Button variant="outline" size="sm" onClick={() => order.send({ type: 'order.dismiss' })}>
            {t('actions.close')}
          </Button>
        </div>
      )}
    </div>
  )
}
