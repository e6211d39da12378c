import { FileUpload } from '@ark-ui/react/file-upload'
import { shallowEqual, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { TAXONOMY_CSV_COLUMNS, TAXONOMY_FILE_MAX_BYTES, type TaxonomyReport } from '../../contract/marketplaces'
import { taxonomyErrorsOf, taxonomyImportMachine, taxonomyImportViewOf } from '../../machines/taxonomy-import'
import { Alert } from '../../ui/alert'
import { Button, buttonRecipe } from '../../ui/button'
import { UploadIcon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import { useChart, useLang, useToaster } from '../shared/runtime'

const MAX_MB = TAXONOMY_FILE_MAX_BYTES / 1024 / 1024
const CSV_EXAMPLE = [
  TAXONOMY_CSV_COLUMNS.join(','),
  'category,EL,,إلكترونيات,Electronics,,',
  'category,PH,EL,هواتف,Phones,,',
  'property,color,PH,اللون,Color,SELECT,true',
  'value,black,color,أسود,Black,,',
].join('\n')

const styles = {
  dropzone: css({
    display: 'flex',
    flexDir: { base: 'column', sm: 'row' },
    alignItems: 'center',
    gap: '4',
    p: '5',
    borderWidth: '2px',
    borderStyle: 'dashed',
    borderColor: 'border.strong',
    borderRadius: 'xl',
    bg: 'bg.subtle',
    color: 'fg.muted',
    fontSize: 'sm',
    textAlign: { base: 'center', sm: 'start' },
    '&[data-dragging]': { borderColor: 'primary.500', bg: 'primary.50' },
  }),
  bar: css({ h: '2', borderRadius: 'full', bg: 'gray.200', overflow: 'hidden' }),
  fill: css({ h: 'full', bg: 'primary.600', transition: 'width 0.2s' }),
  table: css({
    w: 'full',
    fontSize: 'sm',
    borderCollapse: 'collapse',
    '& th, & td': { py: '2', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', textAlign: 'end' },
    '& th:first-child, & td:first-child': { textAlign: 'start' },
    '& thead th': { color: 'fg.muted', fontWeight: '600', fontSize: 'xs' },
    '& tbody th': { fontWeight: '600' },
  }),
  errors: css({
    maxH: '64',
    overflowY: 'auto',
    display: 'flex',
    flexDir: 'column',
    gap: '1.5',
    fontSize: 'sm',
    borderWidth: '1px',
    borderColor: 'red.200',
    borderRadius: 'lg',
    p: '3',
    bg: 'red.50',
  }),
  code: css({
    fontFamily: 'mono',
    fontSize: 'xs',
    bg: 'bg.subtle',
    borderRadius: 'md',
    p: '3',
    overflowX: 'auto',
    whiteSpace: 'pre',
    direction: 'ltr',
    textAlign: 'start',
  }),
}

/** The numbers of an import, per kind: added, changed, removed, and how many there are now. */
function ReportTable({ report }: { report: TaxonomyReport }) {
  const { t } = useTranslation()
  const lang = useLang()
  const n = (value: number) => value.toLocaleString(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en')
  const kinds = ['categories', 'properties', 'values'] as const
  return (
    <table className={styles.table}>
      <caption className={css({ srOnly: true })}>{t('marketplaces.taxonomy.reportCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('marketplaces.taxonomy.kind')}</th>
          <th scope="col">{t('marketplaces.taxonomy.added')}</th>
          <th scope="col">{t('marketplaces.taxonomy.changed')}</th>
          <th scope="col">{t('marketplaces.taxonomy.removed')}</th>
          <th scope="col">{t('marketplaces.taxonomy.total')}</th>
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={kind}>
            <th scope="row">{t(`marketplaces.taxonomy.kinds.${kind}`)}</th>
            <td>{n(report[kind].added)}</td>
            <td>{n(report[kind].changed)}</td>
            <td>{n(report[kind].removed)}</td>
            <td className={css({ fontWeight: '600' })}>{n(report[kind].total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The chart's part of the dialog: started when the dialog opens, stopped when it closes. */
function TaxonomyImport({ marketplaceId, onImported }: { marketplaceId: number; onImported: () => void }) {
  const { t } = useTranslation()
  const toaster = useToaster()
  const actor = useChart(
    taxonomyImportMachine.provide({
      actions: {
        onImported: (_, { message }) => {
          toaster.success({ title: message || t('marketplaces.messages.taxonomyImported') })
          onImported()
        },
      },
    }),
    { marketplaceId },
  )
  const view = useSelector(actor, taxonomyImportViewOf, shallowEqual)
  const send = actor.send
  const errors = view.invalid ? taxonomyErrorsOf(view.invalid.errors) : null
  const canPick = view.idle || view.refusal !== null || view.invalid !== null

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      {canPick ? (
        <FileUpload.Root
          // a fresh picker per file: the last one chosen is the chart's, not the picker's
          key={view.fileName ?? ''}
          maxFiles={1}
          acceptedFiles={[]}
          accept=".json,.csv,application/json,text/csv"
          // the chart checks the type and size itself, so that it can say why
          validate={() => null}
          onFileAccept={(d) => {
            const file = d.files[0]
            if (file) send({ type: 'taxonomy.selected', file })
          }}
          // a file of another type (dropped, or picked with "all files"): the chart says why it is refused
          onFileReject={(d) => {
            const file = d.files[0]?.file
            if (file) send({ type: 'taxonomy.selected', file })
          }}
          translations={{ dropzone: t('marketplaces.taxonomy.choose') }}
        >
          <FileUpload.Label className={css({ srOnly: true })}>{t('marketplaces.taxonomy.fileLabel')}</FileUpload.Label>
          <FileUpload.Dropzone className={styles.dropzone} disableClick role="group" aria-label={t('marketplaces.taxonomy.fileLabel')}>
            <UploadIcon width={28} height={28} aria-hidden />
            <span className={css({ flex: '1', minW: '0' })}>{t('marketplaces.taxonomy.dropzone', { mb: MAX_MB })}</span>
            <FileUpload.Trigger className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
              {t('marketplaces.taxonomy.choose')}
            </FileUpload.Trigger>
          </FileUpload.Dropzone>
          <FileUpload.HiddenInput data-testid="taxonomy-file" />
        </FileUpload.Root>
      ) : null}

      {view.refusal ? (
        <Alert tone="error">{t(`marketplaces.taxonomy.refused.${view.refusal}`, { name: view.fileName ?? '', mb: MAX_MB })}</Alert>
      ) : null}

      {errors && view.invalid ? (
        <section aria-labelledby="taxonomy-errors" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <Alert tone="error">
            <span id="taxonomy-errors">{t('marketplaces.taxonomy.invalid', { name: view.fileName ?? '' })}</span>
          </Alert>
          <ul className={styles.errors}>
            {errors.shown.map((e) => (
              <li key={`${e.line ?? ''}:${e.path}`}>
                <strong className={css({ fontWeight: '600' })}>
                  {e.line !== null
                    ? e.path
                      ? t('marketplaces.taxonomy.lineField', { line: e.line, field: e.path })
                      : t('marketplaces.taxonomy.line', { line: e.line })
                    : e.path
                      ? t('marketplaces.taxonomy.item', { path: e.path })
                      : t('marketplaces.taxonomy.file')}
                </strong>{' '}
                {e.messages.join(' ')}
              </li>
            ))}
            {errors.shown.length === 0 ? <li>{view.invalid.message || t('errors.generic')}</li> : null}
          </ul>
          {errors.more > 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('marketplaces.taxonomy.more', { count: errors.more })}</p>
          ) : null}
        </section>
      ) : null}

      {view.uploading ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <p className={css({ fontSize: 'sm' })}>{t('marketplaces.taxonomy.uploading', { name: view.fileName ?? '' })}</p>
          <div
            role="progressbar"
            aria-label={t('marketplaces.taxonomy.uploading', { name: view.fileName ?? '' })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress}
            className={styles.bar}
          >
            <div className={styles.fill} style={{ width: `${view.progress}%` }} />
          </div>
          <div>
            <Button variant="outline" size="sm" onClick={() => send({ type: 'taxonomy.cancelled' })}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      ) : null}

      {view.report ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Alert tone="success">{t('marketplaces.taxonomy.done', { name: view.fileName ?? '' })}</Alert>
          <ReportTable report={view.report} />
          <div>
            <Button variant="outline" size="sm" onClick={() => send({ type: 'taxonomy.reset' })}>
              {t('marketplaces.taxonomy.another')}
            </Button>
          </div>
        </div>
      ) : null}

      {view.failed ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Alert tone="error">{view.failed.message || t('errors.generic')}</Alert>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" onClick={() => send({ type: 'taxonomy.retry' })}>
              {t('actions.tryAgain')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => send({ type: 'taxonomy.reset' })}>
              {t('marketplaces.taxonomy.another')}
            </Button>
          </div>
        </div>
      ) : null}

      {view.idle || view.refusal || view.invalid ? (
        <details className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <summary className={css({ cursor: 'pointer', fontWeight: '600', color: 'fg.default' })}>
            {t('marketplaces.taxonomy.helpTitle')}
          </summary>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '2', mt: '2' })}>
            <p>{t('marketplaces.taxonomy.helpJson')}</p>
            <p>{t('marketplaces.taxonomy.helpCsv')}</p>
            <pre className={styles.code} dir="ltr" lang="en">
              {CSV_EXAMPLE}
            </pre>
          </div>
        </details>
      ) : null}
    </div>
  )
}

/** The taxonomy import of one marketplace, in a dialog (from the list's row or the edit screen). */
export function TaxonomyImportDialog({
  marketplace,
  onClose,
  onImported,
}: {
  marketplace: { id: number; name: string } | null
  onClose: () => void
  onImported: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      open={marketplace !== null}
      onClose={onClose}
      title={t('marketplaces.taxonomy.title', { name: marketplace?.name ?? '' })}
      description={t('marketplaces.taxonomy.description')}
      closeLabel={t('actions.close')}
      size="lg"
      closeOnInteractOutside={false}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {marketplace ? <TaxonomyImport marketplaceId={marketplace.id} onImported={onImported} /> : null}
    </Modal>
  )
}
