import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { auditAccess, recordHistoryPath } from '../../contract/audit.routes'
import { buttonRecipe } from '../../ui/button'
import { useShownRecord } from './record-context'
import { useCan } from './runtime'

const link = buttonRecipe({ variant: 'outline', size: 'sm' })

/**
 * The end of a record view's heading, the same on every view page: the module's own actions
 * (`children`, e.g. "Mark as resolved"), Edit (when the admin may), History (the record's audit
 * trail, for an admin who may read it) and Back to the list.
 */
export function ViewActions({ editPath, backPath, children }: { editPath?: string | undefined; backPath: string; children?: ReactNode }) {
  const { t } = useTranslation()
  const record = useShownRecord()
  const canAudit = useCan(auditAccess.can.view)
  return (
    <span className={css({ ms: 'auto', display: 'inline-flex', flexWrap: 'wrap', gap: '2' })}>
      {children}
      {editPath ? (
        <Link to={editPath} className={link}>
          {t('actions.edit')}
        </Link>
      ) : null}
      {record && canAudit ? (
        <Link to={recordHistoryPath(record.resource, record.id)} className={link}>
          {t('audit.history')}
        </Link>
      ) : null}
      <Link to={backPath} className={link}>
        {t('actions.back')}
      </Link>
    </span>
  )
}
