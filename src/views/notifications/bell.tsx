import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { notificationsScreens } from '../../contract/notifications.routes'
import { connectionOf, notificationsMachine } from '../../machines/notifications'
import { buttonRecipe } from '../../ui/button'
import { BellIcon } from '../../ui/icons'
import { DateTimeCell } from '../shared/date-time-cell'
import { useChart, useLang } from '../shared/runtime'
import { shareLive } from './live'
import { notificationText } from './text'

const panel = css({
  position: 'absolute',
  insetBlockStart: 'calc(100% + 0.5rem)',
  insetInlineEnd: '0',
  w: 'min(24rem, calc(100vw - 2rem))',
  bg: 'bg.surface',
  borderRadius: 'xl',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  zIndex: 1500,
  display: 'flex',
  flexDir: 'column',
  outline: 'none',
})

/**
 * The header's bell: the unread count (in its accessible name too), and a panel of the latest that
 * opens under it. The panel is keyboard usable: Tab moves through it, Escape closes it and focus
 * returns to the bell; choosing one marks it read and goes to its record.
 */
export function NotificationsBell() {
  const { t } = useTranslation()
  const lang = useLang()
  const actor = useChart(notificationsMachine)
  const unread = useSelector(actor, (s) => s.context.unread)
  const latest = useSelector(actor, (s) => s.context.latest)
  const open = useSelector(actor, (s) => s.matches({ panel: 'open' }))
  const loading = useSelector(actor, (s) => s.matches({ panel: { open: 'loading' } }) && s.context.latest.length === 0)
  const connection = useSelector(actor, connectionOf)
  const bell = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const panelId = useId()
  const headingId = useId()

  useEffect(() => {
    shareLive(actor)
    return () => shareLive(null)
  }, [actor])

  // opened: focus goes into the panel; a click outside closes it
  useEffect(() => {
    if (!open) return
    heading.current?.focus()
    const outside = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) actor.send({ type: 'notifications.close' })
    }
    // Escape closes it wherever the focus is inside the page (a button that was pressed may have gone)
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      actor.send({ type: 'notifications.close' })
      bell.current?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [open, actor])

  return (
    <div ref={box} className={css({ position: 'relative' })}>
      <button
        ref={bell}
        type="button"
        className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), css({ position: 'relative', px: '2' }))}
        aria-label={t('nav.notificationsUnread', { count: unread })}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notifications-bell"
        onClick={() => actor.send({ type: open ? 'notifications.close' : 'notifications.open' })}
      >
        <BellIcon width={20} height={20} />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className={css({
              position: 'absolute',
              insetBlockStart: '0',
              insetInlineEnd: '0',
              minW: '5',
              h: '5',
              px: '1',
              borderRadius: 'full',
              bg: 'red.700',
              color: 'white',
              fontSize: 'xs',
              fontWeight: '700',
              lineHeight: '1.25rem',
              textAlign: 'center',
            })}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} role="dialog" aria-labelledby={headingId} className={panel} data-testid="notifications-panel">
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              px: '4',
              py: '3',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
            })}
          >
            <h2 ref={heading} id={headingId} tabIndex={-1} className={css({ fontWeight: '700', fontSize: 'sm', outline: 'none' })}>
              {t('notifications.latest')}
            </h2>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="notifications-connection">
              {connection === 'live'
                ? t('notifications.live')
                : connection === 'polling'
                  ? t('notifications.polling')
                  : t('notifications.reconnecting')}
            </span>
            <button
              type="button"
              className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), css({ ms: 'auto' }))}
              onClick={() => actor.send({ type: 'notifications.markAllRead' })}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {loading ? (
            <p className={css({ p: '4', color: 'fg.muted', fontSize: 'sm' })}>{t('common.loading')}</p>
          ) : latest.length === 0 ? (
            <p className={css({ p: '4', color: 'fg.muted', fontSize: 'sm' })}>{t('notifications.none')}</p>
          ) : (
            <ul className={css({ maxH: '24rem', overflowY: 'auto' })}>
              {latest.map((item) => (
                <li
                  key={item.id}
                  className={css({ borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })}
                >
                  <Link
                    to={item.link}
                    data-testid="notification-link"
                    onClick={() => {
                      if (!item.is_read) actor.send({ type: 'notifications.markRead', id: item.id })
                      actor.send({ type: 'notifications.close' })
                    }}
                    className={css({
                      display: 'flex',
                      flexDir: 'column',
                      gap: '1',
                      px: '4',
                      py: '3',
                      textDecoration: 'none',
                      color: 'fg.default',
                      fontWeight: item.is_read ? '400' : '700',
                      _hover: { bg: 'bg.muted' },
                      _focusVisible: { bg: 'bg.muted' },
                    })}
                  >
                    <span>
                      {item.is_read ? null : <span className={css({ srOnly: true })}>{t('notifications.unread')}: </span>}
                      {notificationText(t, item)}
                    </span>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: '400' })}>
                      <DateTimeCell iso={item.created_at} lang={lang} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={notificationsScreens.list}
            onClick={() => actor.send({ type: 'notifications.close' })}
            className={css({
              display: 'block',
              px: '4',
              py: '3',
              borderTopWidth: '1px',
              borderColor: 'border.default',
              textAlign: 'center',
              fontSize: 'sm',
              fontWeight: '600',
              color: 'primary.700',
            })}
          >
            {t('notifications.seeAll')}
          </Link>
        </div>
      ) : null}
    </div>
  )
}
