import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { buttonRecipe } from '../../ui/button'

const link = buttonRecipe({ variant: 'outline', size: 'sm' })

/**
 * The end of a record view's heading, the same on every view page: the module's own actions
 * (`children`, e.g. "Mark as resolved"), Edit (when the admin may) and Back to the list.
 */
export function ViewActions({ editPath, backPath, children }: { editPath?: string | undefined; backPath: string; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <span className={css({ ms: 'auto', display: 'inline-flex', flexWrap: 'wrap', gap: '2' })}>
      {children}
      {editPath ? (
        <Link to={editPath} className={link}>
          {t('actions.edit')}
        </Link>
      ) : null}
      <Link to={backPath} className={link}>
        {t('actions.back')}
      </Link>
    </span>
  )
}
