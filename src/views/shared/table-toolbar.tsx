import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { SEARCH_MIN_LENGTH } from '../../contract'
import { fieldStyles } from '../../ui/field'
import { SelectField } from '../../ui/select-field'
import type { ResourceTableActor } from './use-resource-table'

/** Search box (applies 300 ms after typing, from 2 characters), the status filter and an action. */
export function TableToolbar({ table, statusFilter, action }: { table: ResourceTableActor; statusFilter?: boolean; action?: ReactNode }) {
  const { t } = useTranslation()
  const searchText = useSelector(table, (s) => s.context.searchText)
  const status = useSelector(table, (s) => String(s.context.query.filters.is_active ?? 'all'))
  const short = searchText.trim().length > 0 && searchText.trim().length < SEARCH_MIN_LENGTH
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
      <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '1', minW: '56', maxW: 'md' })}>
        <span className={fieldStyles.label}>{t('table.search')}</span>
        <input
          type="search"
          className={fieldStyles.input}
          value={searchText}
          onChange={(e) => table.send({ type: 'table.searchTyped', text: e.target.value })}
          aria-describedby={short ? 'search-hint' : undefined}
          data-testid="table-search"
        />
        {short ? (
          <span id="search-hint" className={fieldStyles.helper}>
            {t('table.searchHint')}
          </span>
        ) : null}
      </label>
      {statusFilter ? (
        <div className={css({ w: '48' })}>
          <SelectField
            label={t('table.status')}
            value={status}
            onValueChange={(value) => table.send({ type: 'table.filtered', filters: value === '0' || value === '1' ? { is_active: value } : {} })}
            options={[
              { value: 'all', label: t('table.all') },
              { value: '1', label: t('table.active') },
              { value: '0', label: t('table.inactive') },
            ]}
          />
        </div>
      ) : null}
      <div className={css({ ms: 'auto' })}>{action}</div>
    </div>
  )
}
