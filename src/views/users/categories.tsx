import { shallowEqual, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { adminCategoriesMachine, type AdminCategoriesSnapshot } from '../../machines/admin-categories'
import { Alert } from '../../ui/alert'
import { Button, iconButtonRecipe } from '../../ui/button'
import { CloseIcon } from '../../ui/icons'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from '../shared/card'
import { CategoryPicker } from '../shared/category-picker'
import { useChart } from '../shared/runtime'

const card = cx(cardStyle, css({ maxW: '3xl', w: 'full', display: 'flex', flexDir: 'column', gap: '4' }))
const item = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  py: '2',
  paddingInlineStart: '3',
  paddingInlineEnd: '1',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
})

const viewOf = (s: AdminCategoriesSnapshot) => ({
  loading: s.matches('loading'),
  failed: s.matches('failed'),
  editable: s.matches('editing') || s.matches('saving'),
  saving: s.matches('saving'),
  admin: s.context.admin,
  chosen: s.context.chosen,
  failure: s.context.failure,
  justSaved: s.context.justSaved,
  changed: s.can({ type: 'categories.save' }),
})

/** `users/categories/{id}`: the platform categories an admin is responsible for, chosen in the category picker. */
export function AdminCategoriesScreen() {
  const { t } = useTranslation()
  const adminId = Number(useParams().id)
  const actor = useChart(adminCategoriesMachine, { adminId })
  const view = useSelector(actor, viewOf, shallowEqual)

  if (view.loading) return <LoadingScreen label={t('common.loading')} />
  if (view.failed || !view.admin)
    return <LoadFailed message={view.failure?.message} onRetry={() => actor.send({ type: 'categories.retry' })} />
  const { admin } = view
  return (
    <section className={card} aria-labelledby="admin-categories-title" aria-busy={view.saving}>
      <h2 id="admin-categories-title" className={css({ fontSize: 'lg', fontWeight: '700' })}>
        {t('users.categories.title', { name: admin.name })}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('users.categories.hint')}</p>
      {view.editable ? null : (
        <Alert tone="info">{t(admin.user_type === 'primary' ? 'users.categories.primary' : 'users.categories.self')}</Alert>
      )}
      {view.chosen.length === 0 ? (
        <p data-testid="admin-categories-none">{t('users.categories.none')}</p>
      ) : (
        <ul aria-label={t('users.categories.menuAction')} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {view.chosen.map((c) => (
            <li key={c.id} className={item}>
              <span>{c.path.join(' / ')}</span>
              {view.editable ? (
                <button
                  type="button"
                  className={iconButtonRecipe({ size: 'sm' })}
                  aria-label={t('users.categories.remove', { name: c.name })}
                  disabled={view.saving}
                  onClick={() => actor.send({ type: 'categories.remove', id: c.id })}
                >
                  <CloseIcon width={16} height={16} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {view.editable ? (
        <>
          <CategoryPicker
            label={t('users.categories.picker')}
            chosen={view.chosen.map((c) => c.id)}
            disabled={view.saving}
            onPick={(id, name) => actor.send({ type: 'categories.add', category: { id, name, path: [name] } })}
          />
          {view.failure ? <Alert tone="error">{view.failure.message || t('errors.generic')}</Alert> : null}
          {view.justSaved ? <Alert tone="success">{t('users.categories.saved')}</Alert> : null}
          <div>
            <Button onClick={() => actor.send({ type: 'categories.save' })} disabled={!view.changed} loading={view.saving}>
              {t('users.categories.save')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  )
}
