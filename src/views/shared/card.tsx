import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'

/** The white card a record's page, form or view sits on. */
export const cardStyle = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })

/** A record that could not be loaded: the server's message (or a general one) and "Try again!". */
export function LoadFailed({ message, onRetry }: { message: string | null | undefined; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={cardStyle}>
      <Alert tone="error">{message || t('form.loadFailed')}</Alert>
      <Button className={css({ mt: '4' })} onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </div>
  )
}
