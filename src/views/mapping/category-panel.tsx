import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { mappingScreens } from '../../contract/mapping.routes'
import { detailFailure, isDetailLoading, isSaving, isSeeking, saveFailure, type MappingSnapshot } from '../../machines/mapping'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe, iconButtonRecipe } from '../../ui/button'
import { ChevronEndIcon, CloseIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { CategoryPicker } from '../shared/category-picker'
import type { MappingActor } from './actors'

const heading = css({ fontSize: 'xs', fontWeight: '700', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mb: '2' })
const kbd = css({
  display: 'inline-grid',
  placeItems: 'center',
  minW: '5',
  h: '5',
  px: '1',
  borderRadius: 'sm',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.subtle',
  fontSize: 'xs',
  fontFamily: 'mono',
  color: 'fg.muted',
  lineHeight: '1',
})

/** Names from the top down, separated by chevrons that point to the inline end. */
function Path({ names }: { names: string[] }) {
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '1' })}>
      {names.map((n, i) => (
        <span key={i} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          {i > 0 ? (
            <ChevronEndIcon width={12} height={12} className={css({ color: 'fg.subtle', _rtl: { transform: 'scaleX(-1)' } })} aria-hidden />
          ) : null}
          <span>{n}</span>
        </span>
      ))}
    </span>
  )
}

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '4' })}>
      {title ? <h4 className={heading}>{title}</h4> : null}
      {children}
    </section>
  )
}

const selectPanel = (s: MappingSnapshot) => ({
  idle: s.matches('idle'),
  loading: isDetailLoading(s),
  saving: isSaving(s),
  seeking: isSeeking(s),
  unmapping: isSaving(s) && s.context.target === null,
})

/** The end side: the chosen category, where it is mapped, suggestions, the picker, Unmap, Next unmapped. */
export function CategoryPanel({ mapping, path, nextButton }: { mapping: MappingActor; path: string[]; nextButton: ReactNode }) {
  const { t } = useTranslation()
  const flags = useSelector(mapping, selectPanel, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const category = useSelector(mapping, (s) => s.context.category)
  const suggestions = useSelector(mapping, (s) => s.context.suggestions)
  const notice = useSelector(mapping, (s) => s.context.notice)
  const loadFailed = useSelector(mapping, detailFailure)
  const actionFailed = useSelector(mapping, saveFailure)
  const canAccept = useSelector(mapping, (s) => s.can({ type: 'mapping.accept' }))
  const canUnmap = useSelector(mapping, (s) => s.can({ type: 'mapping.unmap' }))
  const ready = useSelector(mapping, (s) => s.matches('ready'))

  const noticeBox =
    notice === 'conflict' || notice === 'wrapped' ? (
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
        <div className={css({ flex: '1' })}>
          <Alert tone="info">{t(`mapping.categories.${notice}`)}</Alert>
        </div>
        {ready ? (
          <button
            type="button"
            className={iconButtonRecipe({ size: 'md' })}
            aria-label={t('mapping.categories.close')}
            onClick={() => mapping.send({ type: 'mapping.dismiss' })}
          >
            <CloseIcon width={16} height={16} />
          </button>
        ) : null}
      </div>
    ) : null

  const failureBox = actionFailed ? (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <Alert tone="error">{actionFailed.message || t('errors.generic')}</Alert>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button size="sm" onClick={() => mapping.send({ type: 'mapping.retry' })}>
          {t('actions.tryAgain')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => mapping.send({ type: 'mapping.dismiss' })}>
          {t('actions.cancel')}
        </Button>
      </div>
    </div>
  ) : null

  let body: ReactNode
  if (flags.loading)
    body = (
      <div className={css({ display: 'grid', placeItems: 'center', gap: '3', minH: '48', color: 'fg.muted' })}>
        <Spinner />
        <span role="status">{t('mapping.categories.loadingCategory')}</span>
      </div>
    )
  else if (loadFailed)
    body = (
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <Alert tone="error">{loadFailed.message || t('errors.generic')}</Alert>
        <div>
          <Button onClick={() => mapping.send({ type: 'mapping.retry' })}>{t('actions.tryAgain')}</Button>
        </div>
      </div>
    )
  else if (!category)
    body = (
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2', py: '6', textAlign: 'center', alignItems: 'center' })}>
        <h3 className={css({ fontSize: 'lg', fontWeight: '700' })}>{t('mapping.categories.chooseTitle')}</h3>
        <p className={css({ color: 'fg.muted', maxW: 'sm' })}>{t('mapping.categories.chooseHint')}</p>
      </div>
    )
  else {
    const mapped = category.mapped_to
    body = (
      <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
            <h3 id="mapping-category" className={css({ fontSize: 'xl', fontWeight: '700' })}>
              {category.name}
            </h3>
            <Badge tone={mapped ? 'success' : 'warning'}>
              {mapped ? t('mapping.categories.mapped') : t('mapping.categories.notMapped')}
            </Badge>
          </div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })} aria-label={t('mapping.categories.path')}>
            <Path names={path.length ? path : [category.name]} />
          </p>
        </div>
        {noticeBox}
        {failureBox}
        <Section title={t('mapping.categories.mappedTo')}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })} data-testid="mapped-to">
            <span className={css({ fontWeight: '600', flex: '1', minW: '0' })}>
              {mapped ? (
                <Path names={mapped.path.length ? mapped.path : [mapped.name]} />
              ) : (
                <span className={css({ color: 'fg.muted' })}>{t('mapping.categories.notMapped')}</span>
              )}
            </span>
            {mapped ? (
              <Button
                size="sm"
                variant="dangerGhost"
                onClick={() => mapping.send({ type: 'mapping.unmap' })}
                disabled={!canUnmap}
                loading={flags.unmapping}
                loadingText={t('mapping.categories.unmapping')}
              >
                {t('mapping.categories.unmap')}
              </Button>
            ) : null}
          </div>
          {mapped ? (
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mt: '2' })}>
              <Link to={mappingScreens.properties(category.id, mapped.id)} className={buttonRecipe({ variant: 'link', size: 'sm' })}>
                {t('mapping.categories.properties')}
              </Link>
              {category.required_unmapped > 0 ? (
                <Badge tone="warning">{t('mapping.categories.requiredLeft', { count: category.required_unmapped })}</Badge>
              ) : null}
            </div>
          ) : null}
        </Section>
        <Section title={t('mapping.categories.suggestions')}>
          {suggestions.length === 0 ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('mapping.categories.noSuggestions')}</p>
          ) : (
            <ol className={css({ display: 'flex', flexDir: 'column', gap: '2' })} aria-label={t('mapping.categories.suggestions')}>
              {suggestions.map((s, i) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className={css({
                      w: 'full',
                      display: 'flex',
                      alignItems: 'center',
                      gap: '3',
                      textAlign: 'start',
                      p: '3',
                      borderRadius: 'lg',
                      borderWidth: '1px',
                      borderColor: i === 0 ? 'primary.300' : 'border.default',
                      bg: i === 0 ? 'primary.50' : 'bg.surface',
                      cursor: 'pointer',
                      _hover: { borderColor: 'primary.400' },
                      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
                    })}
                    disabled={!ready || mapped?.id === s.id}
                    onClick={() => mapping.send({ type: 'mapping.map', categoryId: s.id })}
                  >
                    <span className={css({ flex: '1', minW: '0' })}>
                      <span className={css({ display: 'block', fontWeight: '600' })}>{s.name}</span>
                      <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                        <Path names={s.path} />
                      </span>
                    </span>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
                      {t('mapping.categories.similarity', { percent: Math.round(s.score * 100) })}
                    </span>
                    {i === 0 && canAccept ? (
                      <kbd className={kbd} aria-hidden>
                        A
                      </kbd>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </Section>
        <Section>
          <CategoryPicker
            chosen={mapped ? [mapped.id] : []}
            disabled={!ready}
            onPick={(id) => mapping.send({ type: 'mapping.map', categoryId: id })}
          />
          {flags.saving && !flags.unmapping ? (
            <p
              className={css({ display: 'flex', gap: '2', alignItems: 'center', mt: '2', fontSize: 'sm', color: 'fg.muted' })}
              role="status"
            >
              <Spinner size="sm" />
              {t('mapping.categories.saving')}
            </p>
          ) : null}
        </Section>
      </div>
    )
  }

  return (
    <div
      className={css({ display: 'flex', flexDir: 'column', gap: '4', minW: '0' })}
      aria-busy={flags.loading || flags.saving || undefined}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' })}>
        {nextButton}
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('mapping.categories.shortcuts')}</span>
      </div>
      {!category && (notice === 'wrapped' || notice === 'conflict') ? noticeBox : null}
      {!category ? failureBox : null}
      {body}
    </div>
  )
}

/** "Next unmapped" with its key. */
export function NextButton({ mapping }: { mapping: MappingActor }) {
  const { t } = useTranslation()
  const seeking = useSelector(mapping, isSeeking)
  const can = useSelector(mapping, (s) => s.can({ type: 'mapping.next' }))
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => mapping.send({ type: 'mapping.next' })}
      disabled={!can}
      loading={seeking}
      loadingText={t('mapping.categories.seeking')}
    >
      {t('mapping.categories.next')}
      <kbd className={kbd} aria-hidden>
        N
      </kbd>
    </Button>
  )
}
