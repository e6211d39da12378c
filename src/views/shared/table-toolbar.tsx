import { useSelector } from '@xstate/react'
import { lazy, Suspense, useId, useMemo, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import { filterValueOf, isSearchTooShort } from '../../machines/data-table'
import { iconButtonRecipe } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { CloseIcon } from '../../ui/icons'
import { SelectField } from '../../ui/select-field'
import type { ResourceTableActor } from './use-resource-table'

// The calendar and the multi-choice box are heavy and only some lists filter with them: they load
// with the first list that shows one.
const DateField = lazy(() => import('../../ui/date-field').then((m) => ({ default: m.DateField })))
const MultiComboboxField = lazy(() => import('../../ui/combobox-field').then((m) => ({ default: m.MultiComboboxField })))

// a phone gives each filter the whole width, so the filters line up under the search box
const filterWidth = css({ w: { base: 'full', sm: '48' } })
const wideFilterWidth = css({ w: { base: 'full', sm: '72' } })

/** Search box (applies 300 ms after typing, from 2 characters), the status filter and an action. */
export function TableToolbar({
  table,
  statusFilter,
  filters,
  action,
}: {
  table: ResourceTableActor
  statusFilter?: boolean
  /** More filters of the resource (see `FilterSelect`), after the status filter. */
  filters?: ReactNode
  action?: ReactNode
}) {
  const { t } = useTranslation()
  const searchText = useSelector(table, (s) => s.context.searchText)
  const status = useSelector(table, (s) => String(s.context.query.filters.is_active ?? 'all'))
  const short = useSelector(table, isSearchTooShort)
  const searchId = useId()
  const searchBox = useRef<HTMLInputElement>(null)
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '1', minW: '56', maxW: 'md' })}>
        <label htmlFor={searchId} className={fieldStyles.label}>
          {t('table.search')}
        </label>
        <span className={css({ position: 'relative', display: 'block' })}>
          <input
            ref={searchBox}
            id={searchId}
            type="search"
            className={cx(fieldStyles.input, css({ pe: '10', '&::-webkit-search-cancel-button': { appearance: 'none', display: 'none' } }))}
            value={searchText}
            placeholder={t('table.searchPlaceholder')}
            onChange={(e) => table.send({ type: 'table.searchTyped', text: e.target.value })}
            onKeyDown={(e) => {
              // Escape empties the box (and the search with it)
              if (e.key === 'Escape' && searchText !== '') {
                e.preventDefault()
                table.send({ type: 'table.searchCleared' })
              }
            }}
            aria-describedby={short ? 'search-hint' : undefined}
            data-testid="table-search"
          />
          {searchText !== '' ? (
            <button
              type="button"
              aria-label={t('table.clearSearch')}
              title={t('table.clearSearch')}
              onClick={() => {
                table.send({ type: 'table.searchCleared' })
                // the box keeps the focus the button had
                searchBox.current?.focus()
              }}
              className={cx(
                iconButtonRecipe({ size: 'sm' }),
                css({ position: 'absolute', insetEnd: '1', top: '50%', transform: 'translateY(-50%)' }),
              )}
            >
              <CloseIcon width={16} height={16} />
            </button>
          ) : null}
        </span>
        {short ? (
          <span id="search-hint" className={fieldStyles.helper}>
            {t('table.searchHint')}
          </span>
        ) : null}
      </div>
      {statusFilter ? (
        <div className={filterWidth}>
          <SelectField
            label={t('table.status')}
            value={status}
            onValueChange={(value) =>
              table.send({ type: 'table.filtered', filters: withFilter(table, 'is_active', value === '0' || value === '1' ? value : null) })
            }
            options={[
              { value: 'all', label: t('table.all') },
              { value: '1', label: t('table.active') },
              { value: '0', label: t('table.inactive') },
            ]}
          />
        </div>
      ) : null}
      {filters}
      {action ? <div className={css({ ms: 'auto' })}>{action}</div> : null}
    </div>
  )
}

/** The table's filters with `key` set to `value` (removed when null); the others are kept. */
function withFilter(table: ResourceTableActor, key: string, value: string | null) {
  const { [key]: _dropped, ...rest } = table.getSnapshot().context.query.filters
  return value === null ? rest : { ...rest, [key]: value }
}

/** A filter of the table's `name` query parameter, chosen among `options`. */
type ChoiceFilterProps = { table: ResourceTableActor; name: string; label: string; options: { value: string; label: string }[] }

/** A filter of a yes/no (or enumerated) column: "All" removes it. */
export function FilterSelect({ table, name, label, options }: ChoiceFilterProps) {
  const { t } = useTranslation()
  const value = useSelector(table, (s) => filterValueOf(s, name) || 'all')
  return (
    <div className={filterWidth}>
      <SelectField
        label={label}
        value={value}
        onValueChange={(next) =>
          table.send({ type: 'table.filtered', filters: withFilter(table, name, !next || next === 'all' ? null : next) })
        }
        options={[{ value: 'all', label: t('table.all') }, ...options]}
      />
    </div>
  )
}

/** A day filter (`yyyy-mm-dd`) with a calendar; `minDate` blocks the days before it (e.g. "until" after "from"). */
export function FilterDate({
  table,
  name,
  label,
  minFilter,
}: {
  table: ResourceTableActor
  name: string
  label: string
  minFilter?: string
}) {
  const { t } = useTranslation()
  const value = useSelector(table, (s) => filterValueOf(s, name))
  const min = useSelector(table, (s) => (minFilter ? filterValueOf(s, minFilter) : ''))
  return (
    <div className={filterWidth}>
      <Suspense>
        <DateField
          label={label}
          value={value}
          minDate={min || undefined}
          onValueChange={(next) => table.send({ type: 'table.filtered', filters: withFilter(table, name, next || null) })}
          openLabel={t('table.openCalendar')}
          prevLabel={t('table.previousMonth')}
          nextLabel={t('table.nextMonth')}
        />
      </Suspense>
    </div>
  )
}

/** A filter of several values of one column (`a,b` in the address); none chosen removes it. */
export function FilterMulti({ table, name, label, options }: ChoiceFilterProps) {
  const { t } = useTranslation()
  const raw = useSelector(table, (s) => filterValueOf(s, name))
  const value = useMemo(() => (raw ? raw.split(',') : []), [raw])
  return (
    <div className={wideFilterWidth}>
      <Suspense>
        <MultiComboboxField
          label={label}
          value={value}
          options={options}
          placeholder={t('table.all')}
          emptyText={t('table.noMatch')}
          removeLabel={(option) => t('table.removeChoice', { name: option })}
          openLabel={t('table.openChoices')}
          onValueChange={(next) => table.send({ type: 'table.filtered', filters: withFilter(table, name, next.join(',') || null) })}
        />
      </Suspense>
    </div>
  )
}
