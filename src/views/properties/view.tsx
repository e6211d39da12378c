import { useActorRef, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { isChoiceAttributeType, propertiesResource, type PropertyDetail } from '../../contract'
import { crudFormMachine, formFailure } from '../../machines/crud-form'
import { paths } from '../../app/paths'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { usePermission } from '../shared/permissions'

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '200px 1fr' }, gap: '1', py: '3', borderBottomWidth: '1px', borderColor: 'border.default' })
const term = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' })

export function PropertyViewScreen() {
  const id = Number(useParams().id)
  return <PropertyView key={id} id={id} />
}

/** One property: both languages, its type, mapped state and values. */
function PropertyView({ id }: { id: number }) {
  const { t } = useTranslation()
  const record = useActorRef(crudFormMachine, { input: { resource: propertiesResource, id } })
  const snapshot = useSelector(record, (s) => s)
  const canUpdate = usePermission('properties:update')
  if (snapshot.matches('loading') || snapshot.matches('starting')) return <LoadingScreen label={t('common.loading')} />
  if (snapshot.matches('loadFailed')) {
    return (
      <div className={card}>
        <Alert tone="error">{formFailure(snapshot)?.message || t('form.loadFailed')}</Alert>
        <Button className={css({ mt: '4' })} onClick={() => record.send({ type: 'form.retry' })}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    )
  }
  const property = snapshot.context.record as unknown as PropertyDetail
  const tr = (locale: 'ar' | 'en') => property.translations.find((x) => x.locale === locale)
  return (
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' })}>
      <section className={card} aria-labelledby="property-name">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
          <h2 id="property-name" className={css({ fontSize: 'xl', fontWeight: '700' })}>
            {property.name}
          </h2>
          <Badge tone={property.is_active ? 'success' : 'neutral'}>{property.is_active ? t('table.active') : t('table.inactive')}</Badge>
          <Badge tone={property.mapped ? 'info' : 'warning'}>{property.mapped ? t('properties.mapped') : t('properties.notMapped')}</Badge>
          {canUpdate ? (
            <Link to={`${paths.properties.edit}/${property.id}`} className={`${buttonRecipe({ variant: 'outline', size: 'sm' })} ${css({ ms: 'auto' })}`}>
              {t('actions.edit')}
            </Link>
          ) : null}
        </div>
        <dl>
          <div className={row}>
            <dt className={term}>{t('properties.fields.name_ar')}</dt>
            <dd lang="ar">{tr('ar')?.name}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('properties.fields.name_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.name}</bdi>
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('properties.fields.description_ar')}</dt>
            <dd lang="ar">{tr('ar')?.description || '—'}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('properties.fields.description_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.description || '—'}</bdi>
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('properties.fields.attribute_type')}</dt>
            <dd>{t(`lists.attribute_types.${property.attribute_type}`)}</dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-labelledby="property-values">
        <h2 id="property-values" className={css({ fontSize: 'lg', fontWeight: '700', mb: '3' })}>
          {t('properties.fields.values')}
        </h2>
        {!isChoiceAttributeType(property.attribute_type) || property.values.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>{t('properties.noValues')}</p>
        ) : (
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            {property.values.map((value, index) => (
              <li key={index} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
                <span lang="ar">{value.value_ar}</span>
                <bdi lang="en" className={css({ color: 'fg.muted' })}>
                  {value.value_en}
                </bdi>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
