import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  referralGroupsAccess,
  referralGroupsPaths,
  referralGroupsResource,
  referralGroupsScreens,
  type GroupVendor,
  type ReferralGroup,
} from '../../contract/referral-code-groups'
import { vendorsScreens } from '../../contract/vendors.routes'
import { dataTableMachine } from '../../machines/data-table'
import { groupVendorsMachine, isAdding } from '../../machines/group-vendors'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { TextField } from '../../ui/field'
import { DateTimeCell } from '../shared/date-time-cell'
import { RecordView, viewStyles } from '../shared/record-view'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useChart, useLang } from '../shared/runtime'
import type { ResourceTableActor } from '../shared/use-resource-table'
import { ViewActions } from '../shared/view-actions'

export function ReferralGroupViewScreen() {
  return <RecordView<ReferralGroup> resource={referralGroupsResource}>{(record) => <GroupView group={record} />}</RecordView>
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={viewStyles.row}>
      <dt className={viewStyles.term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const MAX_CODES = 200
/** The codes typed: separated by spaces, commas or new lines. */
const codesOf = (text: string) => [...new Set(text.split(/[\s,،]+/).filter(Boolean))]

/**
 * Adding vendors by their referral codes (the groupVendors chart): checked here first (at least one
 * code, letters and digits, at most 200), then by the server, which names a code of no vendor.
 */
function AddVendors({ groupId, table }: { groupId: number; table: ResourceTableActor }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const actor = useChart(
    groupVendorsMachine.provide({
      actions: {
        onAdded: () => {
          setText('')
          table.send({ type: 'table.reload' })
        },
      },
    }),
    { groupId },
  )
  const adding = useSelector(actor, isAdding)
  const failure = useSelector(actor, (s) => s.context.failure)
  const message = useSelector(actor, (s) => s.context.message)
  const serverError = failure?.errors.referral_codes?.[0] ?? failure?.errors.vendor_ids?.[0]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const codes = codesOf(text)
    const wrong =
      codes.length === 0
        ? t('validation.required')
        : codes.some((code) => !/^[A-Za-z0-9]{1,40}$/.test(code))
          ? t('referral-code-groups.addVendors.format')
          : codes.length > MAX_CODES
            ? t('referral-code-groups.addVendors.tooMany', { max: MAX_CODES })
            : undefined
    setError(wrong)
    if (!wrong) actor.send({ type: 'group.add', codes })
  }
  return (
    <form onSubmit={submit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '3' })} aria-labelledby="add-vendors">
      <h4 id="add-vendors" className={css({ fontWeight: '600' })}>
        {t('referral-code-groups.addVendors.title')}
      </h4>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1 1 18rem', minW: '0' })}>
          <TextField
            name="referral_codes"
            label={t('referral-code-groups.addVendors.codes')}
            helper={t('referral-code-groups.addVendors.hint')}
            dir="ltr"
            autoComplete="off"
            value={text}
            error={error ?? serverError}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          loading={adding}
          loadingText={t('referral-code-groups.addVendors.adding')}
          className={css({ mt: { sm: '7' } })}
        >
          {t('referral-code-groups.addVendors.add')}
        </Button>
      </div>
      {failure && !serverError ? <Alert tone="error">{failure.message || t('errors.generic')}</Alert> : null}
      <p role="status" className={css({ color: 'success.fg', fontSize: 'sm' })}>
        {message ?? ''}
      </p>
    </form>
  )
}

/** The vendors placed in the group; taking one out leaves its code to the default group. */
function GroupVendors({ group }: { group: ReferralGroup }) {
  const { t } = useTranslation()
  const lang = useLang()
  const canUpdate = useCan(referralGroupsAccess.can.update)
  const table = useChart(dataTableMachine, { resource: { name: 'vendors', path: referralGroupsPaths.vendors(group.id) } })
  const columns: DataTableColumn<GroupVendor>[] = [
    {
      id: 'store_name',
      header: t('referral-code-groups.fields.store_name'),
      cell: (row) => (
        <Link to={vendorsScreens.view(row.id)} className={css({ fontWeight: '600' })} dir="auto">
          {row.store_name}
        </Link>
      ),
    },
    {
      id: 'referral_code',
      header: t('referral-code-groups.fields.referral_code'),
      cell: (row) => <bdi className={css({ fontFamily: 'mono' })}>{row.referral_code}</bdi>,
    },
    { id: 'referred_count', header: t('referral-code-groups.fields.referred_count'), align: 'center', cell: (row) => row.referred_count },
    {
      id: 'joined_at',
      header: t('referral-code-groups.fields.joined_at'),
      cell: (row) => <DateTimeCell iso={row.joined_at} lang={lang} />,
    },
  ]
  return (
    <section aria-labelledby="group-vendors" className={css({ display: 'flex', flexDir: 'column', gap: '3', mt: '6' })}>
      <h3 id="group-vendors" className={css({ fontSize: 'lg', fontWeight: '700' })}>
        {t('referral-code-groups.vendorsTitle')}
      </h3>
      {group.is_default ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('referral-code-groups.defaultVendorsNote')}</p>
      ) : null}
      {canUpdate ? <AddVendors groupId={group.id} table={table} /> : null}
      <ResourceTable<GroupVendor>
        table={table}
        caption={t('referral-code-groups.vendorsTitle')}
        columns={columns}
        canDelete={canUpdate}
        nameOf={(row) => row.store_name}
        empty={t('referral-code-groups.vendorsEmpty')}
      />
    </section>
  )
}

function GroupView({ group }: { group: ReferralGroup }) {
  const { t } = useTranslation()
  const lang = useLang()
  const canUpdate = useCan(referralGroupsAccess.can.update)
  return (
    <section className={viewStyles.card} aria-labelledby="group-name">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="group-name" className={css({ fontSize: 'xl', fontWeight: '700' })} dir="auto">
          {group.name}
        </h2>
        {group.is_default ? <Badge tone="info">{t('referral-code-groups.default')}</Badge> : null}
        <Badge tone={group.is_active ? 'success' : 'neutral'}>{t(group.is_active ? 'partners.active' : 'partners.inactive')}</Badge>
        <ViewActions editPath={canUpdate ? referralGroupsScreens.edit(group.id) : undefined} backPath={referralGroupsScreens.list} />
      </div>
      <dl>
        <Row label={t('referral-code-groups.fields.name_ar')}>
          <span dir="rtl">{group.translations.find((x) => x.locale === 'ar')?.name}</span>
        </Row>
        <Row label={t('referral-code-groups.fields.name_en')}>
          <span dir="ltr">{group.translations.find((x) => x.locale === 'en')?.name}</span>
        </Row>
        <Row label={t('referral-code-groups.fields.percentage')}>{t('referral-code-groups.percentOf', { value: group.percentage })}</Row>
        <Row label={t('referral-code-groups.fields.number_of_months')}>
          {t('referral-code-groups.monthsCount', { count: group.number_of_months })}
        </Row>
        <Row label={t('referral-code-groups.fields.vendors_count')}>{group.vendors_count}</Row>
        <Row label={t('referral-code-groups.fields.created_at')}>
          <DateTimeCell iso={group.created_at} lang={lang} />
        </Row>
      </dl>
      <GroupVendors group={group} />
    </section>
  )
}
