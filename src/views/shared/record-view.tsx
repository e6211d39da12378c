import { useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { crudFormMachine, formFailure, shownRecord, type FormResource } from '../../machines/crud-form'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from './card'
import { RecordContext } from './record-context'
import { useChart } from './runtime'

export const viewStyles = {
  card: cardStyle,
  row: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: '200px 1fr' },
    gap: '1',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  }),
  term: css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' }),
}

/** What a view screen gets: the record, and `reload` to fetch it again (the record stays on screen meanwhile). */
export type RecordChildren<T> = (record: T, reload: () => void) => ReactNode

/**
 * A view screen's record, loaded by the crudForm chart (its loading and failure states with a
 * retry); a new `:id` in the address starts a new chart.
 */
export function RecordView<T>({ resource, children }: { resource: FormResource; children: RecordChildren<T> }) {
  const id = Number(useParams().id)
  return (
    <LoadedRecord key={id} id={id} resource={resource}>
      {children}
    </LoadedRecord>
  )
}

function LoadedRecord<T>({ id, resource, children }: { id: number; resource: FormResource; children: RecordChildren<T> }) {
  const { t } = useTranslation()
  const record = useChart(crudFormMachine, { resource, id })
  const current = useMemo(() => ({ resource: resource.name, id }), [resource.name, id])
  const shown = useSelector(record, shownRecord)
  const loading = useSelector(record, (s) => s.matches('loading') || s.matches('starting'))
  const failed = useSelector(record, (s) => (s.matches('loadFailed') ? (formFailure(s)?.message ?? '') : null))
  if (loading && !shown) return <LoadingScreen label={t('common.loading')} />
  if (failed !== null) return <LoadFailed message={failed} onRetry={() => record.send({ type: 'form.retry' })} />
  return (
    <RecordContext.Provider value={current}>
      <div aria-busy={loading || undefined}>{children(shown as T, () => record.send({ type: 'form.reload' }))}</div>
    </RecordContext.Provider>
  )
}
