import { shallowEqual, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { conflictOf, type ConflictField, type crudFormMachine } from '../../machines/crud-form'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { Spinner } from '../../ui/spinner'

/** A field's label: `<labels>.fields.<field>` in the locale files, the field's name when there is none. */
export type LabelOf = (field: string) => string

const MAX_SHOWN = 160

/** A value as the admin reads it: texts without their markup, yes / no, lists joined, "(empty)". */
function useShownValue() {
  const { t } = useTranslation()
  const text = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('form.emptyValue')
    if (typeof value === 'boolean') return value ? t('actions.yes') : t('actions.no')
    if (Array.isArray(value)) return value.map(text).join('، ')
    if (typeof value === 'object')
      return Object.values(value as object)
        .filter((v) => typeof v !== 'object')
        .map(text)
        .join(' / ')
    const plain = String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    if (plain === '') return t('form.emptyValue')
    return plain.length > MAX_SHOWN ? `${plain.slice(0, MAX_SHOWN)}…` : plain
  }
  return text
}

const styles = {
  field: css({ border: '1px solid', borderColor: 'border.default', borderRadius: 'lg', p: '3', mt: '3', minW: '0' }),
  legend: css({ fontWeight: '600', fontSize: 'sm', px: '1' }),
  choice: css({
    display: 'flex',
    gap: '2',
    alignItems: 'flex-start',
    mt: '2',
    cursor: 'pointer',
    fontSize: 'sm',
    '& input': { mt: '1', accentColor: 'var(--colors-accent-default, currentColor)' },
  }),
  side: css({ fontWeight: '600', color: 'fg.muted', display: 'block' }),
  value: css({ display: 'block', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }),
  note: css({ fontSize: 'sm', color: 'fg.muted', mt: '2' }),
}

function ConflictChoice({
  conflict,
  label,
  takeTheirs,
  onChange,
}: {
  conflict: ConflictField
  label: string
  takeTheirs: boolean
  onChange: (takeTheirs: boolean) => void
}) {
  const { t } = useTranslation()
  const shown = useShownValue()
  const name = `conflict-${conflict.field}`
  return (
    <fieldset className={styles.field}>
      <legend className={styles.legend}>{label}</legend>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={!takeTheirs} onChange={() => onChange(false)} />
        <span>
          <span className={styles.side}>{t('form.conflictMine')}</span>
          <span className={styles.value} dir="auto">
            {shown(conflict.mine)}
          </span>
        </span>
      </label>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={takeTheirs} onChange={() => onChange(true)} />
        <span>
          <span className={styles.side}>{t('form.conflictTheirs')}</span>
          <span className={styles.value} dir="auto">
            {shown(conflict.theirs)}
          </span>
        </span>
      </label>
    </fieldset>
  )
}

/**
 * A stale edit (409), from the crudForm chart: the fields both sides changed side by side, the
 * admin's value or the saved one chosen per field, then saved over the new version; or the
 * changes discarded (reload), or the form left (asks first).
 */
export function ConflictDialog({ form, labelOf }: { form: ActorRefFrom<typeof crudFormMachine>; labelOf: LabelOf }) {
  const { t } = useTranslation()
  const conflict = useSelector(form, conflictOf, shallowEqual)
  // the choices are the admin's answer, sent with the save; they start at "yours"
  const [theirs, setTheirs] = useState<readonly string[]>([])
  const open = conflict !== null
  if (!open && theirs.length > 0) setTheirs([])
  const choose = (field: string, take: boolean) =>
    setTheirs((list) => (take ? [...list.filter((f) => f !== field), field] : list.filter((f) => f !== field)))
  const comparing = open && !conflict.fetching && conflict.fetchFailure === null
  return (
    <Modal
      open={open}
      role="alertdialog"
      size="lg"
      onClose={() => form.send({ type: 'form.leaveRequested' })}
      closeOnInteractOutside={false}
      closeLabel={t('actions.close')}
      title={t('form.conflictTitle')}
      description={t('form.conflictIntro')}
      footer={
        <>
          <Button variant="outline" onClick={() => form.send({ type: 'form.leaveRequested' })}>
            {t('actions.leave')}
          </Button>
          <Button variant="outline" onClick={() => form.send({ type: 'form.reload' })}>
            {t('form.conflictDiscard')}
          </Button>
          {conflict?.fetchFailure ? (
            <Button onClick={() => form.send({ type: 'form.retry' })}>{t('actions.tryAgain')}</Button>
          ) : (
            <Button disabled={!comparing} onClick={() => form.send({ type: 'form.conflictResolved', theirs: [...theirs] })}>
              {t('form.conflictSave')}
            </Button>
          )}
        </>
      }
    >
      {conflict?.fetching ? (
        <p role="status" className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
          <Spinner size="sm" />
          {t('form.conflictFetching')}
        </p>
      ) : conflict?.fetchFailure ? (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {conflict.fetchFailure.message || t('errors.generic')}
        </p>
      ) : conflict && conflict.conflicts.length === 0 ? (
        <p className={styles.note}>{t('form.conflictNoOverlap')}</p>
      ) : (
        conflict?.conflicts.map((c) => (
          <ConflictChoice
            key={c.field}
            conflict={c}
            label={labelOf(c.field)}
            takeTheirs={theirs.includes(c.field)}
            onChange={(take) => choose(c.field, take)}
          />
        ))
      )}
    </Modal>
  )
}
