import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'

/** The white card a record's page, form or view sits on. */
export const cardStyle = css({
  bg: 'bg.surface',
  borderRadius: '2xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  p: { base: '5', md: '8' },
})

/** A record that could not be loaded: the server's message (or a general one), "Try again!" and, where there is one, the way back. */
export function LoadFailed({ message, onRetry, onBack }: { message: string | null | undefined; onRetry: () => void; onBack?: () => void }) {
  const { t } = useTranslation()
  return (
    <div className={cardStyle}>
      <Alert tone="error">{message || t('form.loadFailed')}</Alert>
      <div className={css({ display: 'flex', gap: '3', mt: '4', flexWrap: 'wrap' })}>
        <Button onClick={onRetry}>{t('actions.tryAgain')}</Button>
        {onBack ? (
          <Button variant="outline" onClick={onBack}>
            {t('actions.back')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
