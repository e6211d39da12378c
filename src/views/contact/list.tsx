import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { contactAccess, type ContactMessage, contactResource, contactScreens } from '../../contract/contact'
import { Badge } from '../../ui/badge'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { FilterDate, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'

export function ContactListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(contactResource)
  const canDelete = useCan(contactAccess.can.delete)
  const lang = useLang()
  const columns: DataTableColumn<ContactMessage>[] = [
    {
      id: 'name',
      header: t('contact.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link
          to={contactScreens.view(row.id)}
          className={css({ fontWeight: row.is_read ? '400' : '700', color: 'fg.default', _hover: { color: 'accent.default' } })}
        >
          {row.name}
        </Link>
      ),
    },
    { id: 'email', header: t('contact.fields.email'), cell: (row) => <bdi>{row.email}</bdi> },
    { id: 'subject', header: t('contact.fields.subject'), cell: (row) => row.subject },
    {
      id: 'is_read',
      header: t('contact.fields.is_read'),
      cell: (row) => <Badge tone={row.is_read ? 'neutral' : 'info'}>{row.is_read ? t('contact.read') : t('contact.unread')}</Badge>,
    },
    {
      id: 'created_at',
      header: t('contact.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <>
            <FilterSelect
              table={table}
              name="is_read"
              label={t('contact.fields.is_read')}
              options={[
                { value: '0', label: t('contact.unread') },
                { value: '1', label: t('contact.read') },
              ]}
            />
            <FilterDate table={table} name="received_from" label={t('contact.fields.received_from')} />
            <FilterDate table={table} name="received_to" label={t('contact.fields.received_to')} minFilter="received_from" />
          </>
        }
      />
      <ResourceTable<ContactMessage>
        table={table}
        caption={t('contact.caption')}
        columns={columns}
        viewPath={(row) => contactScreens.view(row.id)}
        canDelete={canDelete}
        nameOf={(row) => row.subject}
      />
    </div>
  )
}
