import { packagesPaths, packagesResource, type SubscriptionPackage } from '../contract/packages'
import { call, callWithMessage } from './client'

/** Every package in display order (at most 500: the reorder endpoint's limit). */
export async function fetchPackageOrder(signal?: AbortSignal) {
  const result = await call<Record<string, { data: SubscriptionPackage[] }>>(packagesResource.path, {
    query: { sort_column: 'display_order', sort_direction: 'asc', pageSize: 100 },
    ...(signal ? { signal } : {}),
  })
  return (result[packagesResource.name]?.data ?? []).map((p) => ({ id: p.id, title: p.title }))
}

/** `PUT {path}/reorder`: the packages in their new order. */
export async function savePackageOrder(ids: number[]) {
  const { message, result } = await callWithMessage<{ list: SubscriptionPackage[] }>(packagesPaths.reorder, {
    method: 'PUT',
    body: { ids },
  })
  return { message, items: result.list.map((p) => ({ id: p.id, title: p.title })) }
}
