import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { buttonRecipe } from '../../ui/button'

const link = buttonRecipe({ variant: 'outline', size: 'sm' })

/** The end of a record view's heading: Edit (when the admin may) and Back to the list. */
export function ViewActions({ editPath, backPath }: { editPath?: string | undefined; backPath: string }) {
  const { t } = useTranslation()
  return (
    <span className={css({ ms: 'auto', display: 'inline-flex', gap: '2' })}>
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
