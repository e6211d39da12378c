import { useMemo } from 'react'
import { useSelectList } from '../shared/runtime'

/** Every package (active or not) as a choice: its id, and its title in the admin's language. */
export function usePackageOptions() {
  const { list } = useSelectList('subscription-packages', { all: '1' })
  return useMemo(() => (list ?? []).map((p) => ({ value: String(p.id), label: p.name })), [list])
}

/** Every marketplace (the inactive ones marked so) as a choice: its id, and its name in the admin's language. */
export function useMarketplaceOptions() {
  const { list } = useSelectList('marketplaces', { all: '1' })
  return useMemo(() => (list ?? []).map((m) => ({ value: String(m.id), label: m.name })), [list])
}
