import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { notificationKinds, notificationsResource, type AppNotification } from '../../contract/notifications'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { useLang } from '../shared/runtime'
import { FilterSelect } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useLiveNotifications, useLiveRevision } from './live'
import { notificationText } from './text'

/** `/admin-panel/notifications`: every notification of the admin, newest first, filtered by read state and kind. */
export function NotificationsListScreen() {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useResourceTable(notificationsResource)
  const live = useLiveNotifications()
  const revision = useLiveRevision(live)
  const seen = useRef(revision)
  // a new notification or a mark (here, in the panel, in another tab): the page is read again
  useEffect(() => {
    if (seen.current === revision) return
    seen.current = revision
    table.send({ type: 'table.reload' })
  }, [revision, table])

  const markRead = (item: AppNotification) => {
    if (!item.is_read) live?.send({ type: 'notifications.markRead', id: item.id })
  }
  const columns: DataTableColumn<AppNotification>[] = [
    {
      id: 'text',
      header: t('notifications.fields.text'),
      cell: (row) => (
        <Link
          to={row.link}
          onClick={() => markRead(row)}
          className={css({ fontWeight: row.is_read ? '400' : '700', color: 'fg.default', _hover: { color: 'accent.default' } })}
        >
          {notificationText(t, row)}
        </Link>
      ),
    },
    { id: 'kind', header: t('notifications.fields.kind'), cell: (row) => t(`notifications.kinds.${row.kind}`) },
    {
      id: 'is_read',
      header: t('notifications.fields.is_read'),
      cell: (row) => (
        <Badge tone={row.is_read ? 'neutral' : 'info'}>{row.is_read ? t('notifications.read') : t('notifications.unread')}</Badge>
      ),
    },
    { id: 'created_at', header: t('notifications.fields.created_at'), cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} /> },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <FilterSelect
          table={table}
          name="is_read"
          label={t('notifications.fields.is_read')}
          options={[
            { value: '0', label: t('notifications.unread') },
            { value: '1', label: t('notifications.read') },
          ]}
        />
        <FilterSelect
          table={table}
          name="kind"
          label={t('notifications.fields.kind')}
          options={notificationKinds.map((kind) => ({ value: kind, label: t(`notifications.kinds.${kind}`) }))}
        />
        <Button variant="outline" className={css({ ms: 'auto' })} onClick={() => live?.send({ type: 'notifications.markAllRead' })}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ResourceTable<AppNotification>
        table={table}
        caption={t('notifications.caption')}
        columns={columns}
        nameOf={(row) => notificationText(t, row)}
        rowActions={(row) =>
          row.is_read ? null : (
            <Button variant="ghost" size="sm" onClick={() => markRead(row)}>
              {t('notifications.markRead')}
            </Button>
          )
        }
      />
    </div>
  )
}
