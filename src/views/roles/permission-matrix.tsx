import { useEffect, useMemo, useRef } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Spinner } from '../../ui/spinner'
import { useSelectList } from '../shared/runtime'

/** The standard actions first, in this order; a module's special actions (approve, export…) after them. */
const STANDARD_ACTIONS = ['view', 'create', 'update', 'delete']

type Grid = { modules: { module: string; actions: string[] }[]; actions: string[] }

/** Modules x actions from the server's permission list (`module:action`, as the modules declare them). */
function gridOf(permissions: readonly string[]): Grid {
  const byModule = new Map<string, string[]>()
  for (const permission of permissions) {
    const [module, action] = permission.split(':') as [string, string]
    byModule.set(module, [...(byModule.get(module) ?? []), action])
  }
  const all = new Set([...byModule.values()].flat())
  const actions = [...STANDARD_ACTIONS.filter((a) => all.has(a)), ...[...all].filter((a) => !STANDARD_ACTIONS.includes(a)).sort()]
  return { modules: [...byModule.entries()].map(([module, list]) => ({ module, actions: list })), actions }
}

/** A checkbox that can show "some" (indeterminate) as well as all or none. */
function TriCheckbox({
  label,
  checked,
  some,
  onChange,
}: {
  label: string
  checked: boolean
  some: boolean
  onChange: (next: boolean) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !checked
  }, [some, checked])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className={checkbox}
    />
  )
}

const checkbox = css({ w: '4.5', h: '4.5', accentColor: 'accent.default', cursor: 'pointer' })
const cell = css({
  p: '2',
  textAlign: 'center',
  borderBottomWidth: { base: '0', md: '1px' },
  borderColor: 'border.default',
  display: { base: 'inline-flex', md: 'table-cell' },
  alignItems: 'center',
  gap: '1.5',
})
/** A module's action it does not declare: an empty cell on a desktop, nothing on a phone. */
const emptyCell = css({ display: { base: 'none', md: 'table-cell' }, borderBottomWidth: '1px', borderColor: 'border.default' })
/** On a phone the table's rows are cards that wrap their boxes (no sideways scroll). */
const block = css({ display: { base: 'block', md: 'table' }, w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })
const rowStyle = css({
  display: { base: 'flex', md: 'table-row' },
  flexWrap: 'wrap',
  alignItems: 'center',
  borderBottomWidth: { base: '1px', md: '0' },
  borderColor: 'border.default',
})
/** The action's name beside its box on a phone (the column's header names it on a desktop). */
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, fontSize: 'xs', color: 'fg.muted' })

/**
 * The role's permissions as a table of checkboxes: a row per module, a column per action (a cell
 * only where the module declares the action), "all" per row and per column. Every box is a native
 * checkbox with its own label (Tab and Space work everywhere).
 */
export function PermissionMatrix({ serverError }: { serverError?: string | undefined }) {
  const { t } = useTranslation()
  const { list, loading } = useSelectList('permissions')
  const grid = useMemo(() => gridOf((list ?? []).map((item) => String(item.id))), [list])
  const { input } = useField<string[]>('permissions', { subscription: { value: true } })
  const granted = useMemo(() => new Set(Array.isArray(input.value) ? input.value : []), [input.value])
  const moduleLabel = (module: string) => t(`roles.modules.${module}`, { defaultValue: module })
  const actionLabel = (action: string) => t(`roles.actions.${action}`, { defaultValue: action })
  const set = (permissions: string[], on: boolean) => {
    const next = new Set(granted)
    for (const p of permissions)
      if (on) next.add(p)
      else next.delete(p)
    input.onChange([...next].sort())
  }
  const state = (permissions: string[]) => {
    const n = permissions.filter((p) => granted.has(p)).length
    return { checked: permissions.length > 0 && n === permissions.length, some: n > 0 }
  }
  const everything = grid.modules.flatMap((m) => m.actions.map((a) => `${m.module}:${a}`))

  if (loading && grid.modules.length === 0)
    return (
      <p role="status" className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' })}>
        <Spinner /> {t('roles.matrix.loading')}
      </p>
    )
  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '2', minW: '0' })}>
      <legend className={css({ fontWeight: '600', mb: '2' })}>
        {t('roles.fields.permissions')}{' '}
        <span className={css({ fontWeight: '400', color: 'fg.muted', fontSize: 'sm' })}>
          {t('roles.matrix.granted', { n: granted.size })}
        </span>
      </legend>
      <div
        className={css({
          overflowX: { base: 'visible', md: 'auto' },
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
        })}
      >
        <table className={block} data-testid="permission-matrix">
          <caption className={css({ srOnly: true })}>{t('roles.matrix.caption')}</caption>
          <thead className={css({ bg: 'bg.subtle', display: { base: 'block', md: 'table-header-group' } })}>
            <tr className={rowStyle}>
              <th scope="col" className={css({ p: '2', textAlign: 'start', display: { base: 'none', md: 'table-cell' } })}>
                {t('roles.matrix.module')}
              </th>
              <th scope="col" className={cell}>
                <label className={css({ display: 'inline-flex', flexDir: 'column', alignItems: 'center', gap: '1' })}>
                  {t('roles.matrix.all')}
                  <TriCheckbox label={t('roles.matrix.all')} {...state(everything)} onChange={(on) => set(everything, on)} />
                </label>
              </th>
              {grid.actions.map((action) => {
                const column = grid.modules.filter((m) => m.actions.includes(action)).map((m) => `${m.module}:${action}`)
                return (
                  <th key={action} scope="col" className={cell}>
                    <span className={css({ display: 'inline-flex', flexDir: 'column', alignItems: 'center', gap: '1' })}>
                      {actionLabel(action)}
                      <TriCheckbox
                        label={t('roles.matrix.allOfAction', { action: actionLabel(action) })}
                        {...state(column)}
                        onChange={(on) => set(column, on)}
                      />
                    </span>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody className={css({ display: { base: 'block', md: 'table-row-group' } })}>
            {grid.modules.map(({ module, actions }) => {
              const row = actions.map((a) => `${module}:${a}`)
              return (
                <tr key={module} data-module={module} className={rowStyle}>
                  <th
                    scope="row"
                    className={css({
                      p: '2',
                      textAlign: 'start',
                      fontWeight: '600',
                      whiteSpace: 'nowrap',
                      borderBottomWidth: { base: '0', md: '1px' },
                      borderColor: 'border.default',
                      display: { base: 'block', md: 'table-cell' },
                      w: { base: 'full', md: 'auto' },
                    })}
                  >
                    {moduleLabel(module)}
                  </th>
                  <td className={cell}>
                    <TriCheckbox
                      label={t('roles.matrix.allOfModule', { module: moduleLabel(module) })}
                      {...state(row)}
                      onChange={(on) => set(row, on)}
                    />
                    <span aria-hidden="true" className={phoneLabel}>
                      {t('roles.matrix.all')}
                    </span>
                  </td>
                  {grid.actions.map((action) => {
                    const permission = `${module}:${action}`
                    return (
                      <td key={action} className={actions.includes(action) ? cell : emptyCell}>
                        {actions.includes(action) ? (
                          <input
                            type="checkbox"
                            aria-label={`${moduleLabel(module)}: ${actionLabel(action)}`}
                            data-permission={permission}
                            checked={granted.has(permission)}
                            onChange={(event) => set([permission], event.target.checked)}
                            className={checkbox}
                          />
                        ) : null}
                        {actions.includes(action) ? (
                          <span aria-hidden="true" className={phoneLabel}>
                            {actionLabel(action)}
                          </span>
                        ) : null}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {serverError ? (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm' })}>
          {serverError}
        </p>
      ) : null}
    </fieldset>
  )
}
