import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { mappingScreens } from '../../contract/mapping.routes'
import { marketplacesAccess, marketplacesScreens } from '../../contract/marketplaces.routes'
import {
  isPropertyNavigationHeld,
  platformChoicesOf,
  propertyEditorViewOf,
  propertyHoldsUnsavedChanges,
  propertyMappingMachine,
} from '../../machines/property-mapping'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { SelectField } from '../../ui/select-field'
import { LoadingScreen } from '../../ui/spinner'
import { LoadFailed } from '../shared/card'
import { FailureDialog } from '../shared/failure-dialog'
import { type LeaveQuestion, useGuardedChart, useNavigationGuard } from '../shared/navigation-guard'
import { useCan, useChart, useToaster } from '../shared/runtime'
import { ComboboxField, type ComboboxOption } from '../../ui/combobox-field'
import { pageStyles as s } from './styles'

const leaveQuestion: LeaveQuestion<ActorRefFrom<typeof propertyMappingMachine>> = {
  blocked: { type: 'mapping.navigationBlocked' },
  held: isPropertyNavigationHeld,
  unsaved: propertyHoldsUnsavedChanges,
}

/** A platform property this alike (or more) to the marketplace property's names is marked "best match". */
const BEST_MATCH_MIN = 0.3

const valueRow = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
  gap: { base: '2', md: '4' },
  alignItems: 'start',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})

function Editor({ categoryId, mainCategoryId, propertyId }: { categoryId: number; mainCategoryId: string; propertyId: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toaster = useToaster()
  const guard = useNavigationGuard()
  const canUpdate = useCan(marketplacesAccess.can.update)
  const listPath = mappingScreens.properties(categoryId, mainCategoryId)
  const actor = useChart(
    propertyMappingMachine.provide({
      actions: {
        ...guard.actions,
        onSaved: (_, { message }) => {
          toaster.success({ title: message || t('propertyMapping.messages.saved') })
          guard.leaving()
          navigate(listPath)
        },
      },
    }),
    { categoryId, propertyId },
  )
  useGuardedChart(actor, guard, leaveQuestion)
  const view = useSelector(actor, propertyEditorViewOf, shallowEqual)
  const ranked = useSelector(actor, platformChoicesOf, shallowEqual)
  const platformOptions = useMemo<ComboboxOption[]>(
    () =>
      ranked.map(({ property, score }, i) => ({
        value: String(property.id),
        label: property.name,
        ...(i === 0 && score >= BEST_MATCH_MIN ? { hint: t('propertyMapping.editor.bestMatch') } : {}),
      })),
    [ranked, t],
  )
  const valueOptions = useMemo(
    () => [
      { value: '', label: t('propertyMapping.editor.noValue') },
      ...(view.platform?.values.map((v) => ({ value: v.key, label: v.name })) ?? []),
    ],
    [view.platform, t],
  )

  if (view.loading) return <LoadingScreen label={t('common.loading')} />
  if (view.loadFailure !== null || !view.data)
    return <LoadFailed message={view.loadFailure} onRetry={() => actor.send({ type: 'mapping.retry' })} />
  const { data, property } = view
  const back = (
    <Link to={listPath} className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
      {t('propertyMapping.backToProperties')}
    </Link>
  )
  if (!property)
    return (
      <div className={s.panel}>
        <Alert tone="error">{t('propertyMapping.editor.notFound')}</Alert>
        <div>{back}</div>
      </div>
    )
  const busy = view.saving

  return (
    <div className={s.page}>
      <div className={s.header}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })}>
          <p className={s.crumbs}>
            <span>{data.marketplace.name}</span>
            <span aria-hidden>›</span>
            <span>{data.category.name}</span>
          </p>
          <h2 className={s.heading}>
            {property.name}
            <span className={s.other}>
              <bdi>{property.name === property.name_en ? property.name_ar : property.name_en}</bdi>
            </span>
          </h2>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <Badge tone="neutral">{t(`lists.attribute_types.${property.type}`)}</Badge>
            {property.required ? <Badge tone="warning">{t('propertyMapping.required')}</Badge> : null}
            {property.mapped_to ? (
              <Badge tone="success">{t('propertyMapping.mappedTo', { path: property.mapped_to.name })}</Badge>
            ) : (
              <Badge tone={property.required ? 'danger' : 'neutral'}>{t('propertyMapping.notMapped')}</Badge>
            )}
          </div>
        </div>
        {back}
      </div>

      {view.reloaded ? <Alert tone="info">{t('propertyMapping.editor.reloaded')}</Alert> : null}
      {!canUpdate ? <Alert tone="info">{t('propertyMapping.editor.readOnly')}</Alert> : null}
      {view.conflict ? (
        <div
          role="alert"
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '3',
            alignItems: 'center',
            p: '4',
            borderRadius: 'xl',
            bg: 'amber.50',
            borderWidth: '1px',
            borderColor: 'amber.200',
            color: 'amber.900',
          })}
        >
          <span className={css({ flex: '1', minW: '60' })}>
            <strong>{t('propertyMapping.editor.conflictTitle')}</strong> {t('propertyMapping.editor.conflict')}
          </span>
          <Button size="sm" onClick={() => actor.send({ type: 'mapping.reload' })}>
            {t('propertyMapping.editor.showLatest')}
          </Button>
        </div>
      ) : null}
      {view.invalid ? <Alert tone="error">{view.invalid}</Alert> : null}

      <section className={s.panel} aria-busy={busy}>
        <ComboboxField
          label={t('propertyMapping.editor.platformLabel')}
          options={platformOptions}
          value={view.platform ? String(view.platform.id) : ''}
          onValueChange={(value) => actor.send({ type: 'mapping.platformChosen', propertyId: value ? Number(value) : null })}
          placeholder={t('propertyMapping.editor.platformPlaceholder')}
          emptyText={t('propertyMapping.editor.platformEmpty')}
          openLabel={t('propertyMapping.editor.open')}
          error={view.platformError}
          helper={view.platform ? undefined : t('propertyMapping.editor.noPlatform')}
          disabled={!canUpdate || busy || view.conflict}
        />
      </section>

      {view.platform ? (
        <section className={s.panel} aria-labelledby="property-values">
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
            <div>
              <h3 id="property-values" className={s.panelTitle}>
                {t('propertyMapping.editor.valuesTitle')}
              </h3>
              <p className={s.muted}>{t('propertyMapping.editor.valuesHelp')}</p>
            </div>
            {canUpdate && view.suggestions > 0 ? (
              <Button variant="outline" size="sm" disabled={busy} onClick={() => actor.send({ type: 'mapping.suggestionsAccepted' })}>
                {t('propertyMapping.editor.acceptAll', { count: view.suggestions })}
              </Button>
            ) : null}
          </div>
          {property.values.length === 0 ? (
            <p className={s.muted}>{t('propertyMapping.editor.noValues')}</p>
          ) : (
            <>
              <div
                aria-hidden
                className={css({
                  display: { base: 'none', md: 'grid' },
                  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)',
                  gap: '4',
                  pb: '2',
                  borderBottomWidth: '1px',
                  borderColor: 'border.default',
                  fontSize: 'xs',
                  fontWeight: '600',
                  color: 'fg.muted',
                })}
              >
                <span>{t('propertyMapping.editor.marketplaceValue')}</span>
                <span>{t('propertyMapping.editor.platformValue')}</span>
              </div>
              <ul aria-label={t('propertyMapping.editor.valuesTitle')}>
                {property.values.map((v) => {
                  const choice = view.values[v.id]
                  return (
                    <li key={v.id} className={valueRow}>
                      <div className={css({ pt: { md: '1' } })}>
                        <span className={css({ fontWeight: '600' })}>{v.name}</span>
                        <span className={s.other}>
                          <bdi>{v.name === v.value_en ? v.value_ar : v.value_en}</bdi>
                        </span>
                      </div>
                      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
                        <SelectField
                          label={<span className={css({ srOnly: true })}>{t('propertyMapping.editor.valueLabel', { name: v.name })}</span>}
                          options={valueOptions}
                          placeholder={t('propertyMapping.editor.noValue')}
                          value={choice?.value ?? ''}
                          onValueChange={(value) => actor.send({ type: 'mapping.valueChosen', valueId: v.id, value: value || null })}
                          error={view.valueErrors[v.id]}
                          disabled={!canUpdate || busy || view.conflict}
                        />
                        {choice?.suggested ? (
                          <span>
                            <Badge tone="info">{t('propertyMapping.editor.suggested')}</Badge>
                          </span>
                        ) : null}
                      </div>
                    </li>
                  )
                })}
              </ul>
            </>
          )}
        </section>
      ) : null}

      {canUpdate ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
          {view.mapped ? (
            <Button
              variant="dangerGhost"
              disabled={busy || view.conflict}
              loading={view.unmapping}
              loadingText={t('form.saving')}
              onClick={() => actor.send({ type: 'mapping.unmap' })}
            >
              {t('propertyMapping.editor.unmap')}
            </Button>
          ) : null}
          <Button
            disabled={!view.platform || (busy && !view.unmapping) || view.conflict}
            loading={busy && !view.unmapping}
            loadingText={t('form.saving')}
            onClick={() => actor.send({ type: 'mapping.save' })}
          >
            {t('propertyMapping.editor.save')}
          </Button>
        </div>
      ) : null}

      <FailureDialog message={view.failure} onClose={() => actor.send({ type: 'mapping.dismiss' })} />
      <ConfirmDialog
        open={view.confirmingLeave}
        title={t('form.unsavedTitle')}
        message={t('form.unsavedBody')}
        yesLabel={t('actions.leave')}
        noLabel={t('actions.stay')}
        onYes={() => actor.send({ type: 'mapping.leaveConfirmed' })}
        onNo={() => actor.send({ type: 'mapping.leaveCancelled' })}
      />
    </div>
  )
}

function MissingCategory() {
  const { t } = useTranslation()
  return (
    <div className={s.panel}>
      <Alert tone="error">{t('propertyMapping.editor.notFound')}</Alert>
      <div>
        <Link to={marketplacesScreens.list} className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('propertyMapping.backToMarketplaces')}
        </Link>
      </div>
    </div>
  )
}

/**
 * One marketplace property's mapping: the platform property and each value's platform value
 * (`?category=` names the marketplace category, whose properties the API serves together).
 */
export function PropertyMappingScreen() {
  const { mainCategoryId = '', marketplacePropertyId = '' } = useParams()
  const [search] = useSearchParams()
  const categoryId = Number(search.get('category'))
  const propertyId = Number(marketplacePropertyId)
  // an address without its marketplace category (typed by hand, an old link): nothing to load
  if (!(categoryId > 0) || !(propertyId > 0)) return <MissingCategory />
  return <Editor key={`${categoryId}/${propertyId}`} categoryId={categoryId} mainCategoryId={mainCategoryId} propertyId={propertyId} />
}
