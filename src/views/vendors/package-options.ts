import { useMemo } from 'react'
import { useSelectList } from '../shared/runtime'

/** Every package (active or not) as a choice: its id, and its title in the admin's language. */
export function usePackageOptions() {
  const { list } = useSelectList('subscription-packages', { all: '1' })
  return useMemo(() => (list ?? []).map((p) => ({ value: String(p.id), label: p.name })), [list])
}
