import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { csvExportMachine } from '../../machines/csv-export'
import { Button } from '../../ui/button'
import { FailureDialog } from './failure-dialog'
import { useChart } from './runtime'
import type { ResourceTableActor } from './use-resource-table'

/** A list's filters and search as its export takes them. */
export const exportQueryOf = (table: ResourceTableActor) => {
  const { filters, search } = table.getSnapshot().context.query
  const out: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(filters)) if (value !== '' && value !== undefined) out[key] = value
  if (search) out.search = search
  return out
}

/** Saves a downloaded file under `name` (the browser's download). */
function saveAs(file: Blob, name: string) {
  const url = URL.createObjectURL(file)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * "Export CSV" (the csvExport chart): the rows of `query()` from the export at `path`, saved by the
 * browser as `<filename>-<today>.csv`.
 */
export function ExportButton({
  path,
  filename,
  query,
  label,
  busyLabel,
  failedLabel,
}: {
  path: string
  filename: string
  query: () => Record<string, string | number>
  label: string
  busyLabel: string
  failedLabel: string
}) {
  const { t } = useTranslation()
  const exporter = useChart(
    csvExportMachine.provide({
      actions: { save: (_, { file }) => saveAs(file, `${filename}-${new Date().toISOString().slice(0, 10)}.csv`) },
    }),
  )
  const exporting = useSelector(exporter, (s) => s.matches('exporting'))
  const failure = useSelector(exporter, (s) => s.context.failure)
  return (
    <>
      <Button
        variant="outline"
        loading={exporting}
        loadingText={busyLabel}
        onClick={() => exporter.send({ type: 'export.start', path, query: query() })}
      >
        {label}
      </Button>
      <FailureDialog
        message={failure ? failure.message || failedLabel || t('errors.generic') : null}
        onClose={() => exporter.send({ type: 'export.dismiss' })}
      />
    </>
  )
}
