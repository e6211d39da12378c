import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from './runtime'
import type { DataTableLabels } from '../../ui/data-table'

/** The table's texts in the current language. */
export function useTableLabels(estimate = false): DataTableLabels {
  const { t } = useTranslation()
  const lang = useLang()
  return useMemo(
    () => ({
      pagination: t('table.pagination'),
      previous: t('table.previous'),
      next: t('table.next'),
      pageSize: t('table.pageSize'),
      page: (page: number) => t('table.page', { page }),
      range: (from: number, to: number, total: number) => t(estimate ? 'table.rangeEstimate' : 'table.range', { from, to, total }),
      loading: t('table.loading'),
    }),
    // lang: the labels follow a language switch
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, estimate],
  )
}
