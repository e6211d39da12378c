import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import {
  isChoiceAttributeType,
  propertiesAccess,
  propertiesResource,
  propertiesScreens,
  type PropertyDetail,
} from '../../contract/properties'
import { Badge } from '../../ui/badge'
import { RecordView, viewStyles } from '../shared/record-view'
import { useCan } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'

export function PropertyViewScreen() {
  return <RecordView<PropertyDetail> resource={propertiesResource}>{(record) => <PropertyView property={record} />}</RecordView>
}

/** One property: both languages, its type, mapped state and values. */
function PropertyView({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation()
  const canUpdate = useCan(propertiesAccess.can.update)
  const tr = (locale: 'ar' | 'en') => property.translations.find((x) => x.locale === locale)
  return (
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' })}>
      <section className={viewStyles.card} aria-labelledby="property-name">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
          <h2 id="property-name" className={css({ fontSize: 'xl', fontWeight: '700' })}>
            {property.name}
          </h2>
          <Badge tone={property.is_active ? 'success' : 'neutral'}>{property.is_active ? t('table.active') : t('table.inactive')}</Badge>
          {/* "not mapped" says nothing until products can be mapped to properties: only a mapped one is marked */}
          {property.mapped ? <Badge tone="info">{t('properties.mapped')}</Badge> : null}
          <ViewActions editPath={canUpdate ? propertiesScreens.edit(property.id) : undefined} backPath={propertiesScreens.list} />
        </div>
        <dl>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('properties.fields.name_ar')}</dt>
            <dd lang="ar">{tr('ar')?.name}</dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('properties.fields.name_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.name}</bdi>
            </dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('properties.fields.description_ar')}</dt>
            <dd lang="ar">{tr('ar')?.description || '—'}</dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('properties.fields.description_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.description || '—'}</bdi>
            </dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('properties.fields.attribute_type')}</dt>
            <dd>{t(`lists.attribute_types.${property.attribute_type}`)}</dd>
          </div>
        </dl>
      </section>
      <section className={viewStyles.card} aria-labelledby="property-values">
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
