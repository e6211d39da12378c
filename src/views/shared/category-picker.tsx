import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ComboboxField } from '../../ui/combobox-field'
import { categoryTreeOptions } from './category-tree-options'
import { useSelectList } from '../shared/runtime'

/**
 * The platform's categories to pick from (mapping a marketplace category, an admin's categories), as
 * their tree: each under its parent, indented; typing filters them (either case, any part of the
 * name) and shows each match with its parents' names; ArrowDown / ArrowUp move, Enter picks. The pick
 * is sent at once (the screen's chart takes it). `chosen` ones are offered disabled.
 */
export function CategoryPicker({
  chosen,
  disabled,
  onPick,
  label,
}: {
  chosen: readonly number[]
  disabled: boolean
  onPick: (id: number, name: string) => void
  label?: string
}) {
  const { t } = useTranslation()
  const { list } = useSelectList('categories')
  const options = useMemo(() => categoryTreeOptions(list ?? [], chosen), [list, chosen])
  return (
    <ComboboxField
      label={label ?? t('mapping.categories.pick')}
      options={options}
      value=""
      pickOnly
      onValueChange={(value) => {
        const id = Number(value)
        const picked = (list ?? []).find((c) => Number(c.id) === id)
        if (id && picked) onPick(id, picked.name)
      }}
      placeholder={t('mapping.categories.pickPlaceholder')}
      emptyText={t('mapping.categories.pickEmpty')}
      openLabel={t('mapping.categories.pickOpen')}
      disabled={disabled}
    />
  )
}
