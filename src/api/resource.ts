import { type CommonResult } from '../contract/core'
import { corePaths, resourcePaths, type ListItem, type Page, type SortDirection } from '../contract/resource'
import { ApiError, call, callWithMessage } from './client'

/** Values a list query carries in the query string (filters are the resource's own). */
export type QueryValue = string | number
/** The list query of a generic table (spec section 3): pagination, sort, search and filters. */
export type ListQuery = {
  page: number
  pageSize: number
  sort_column?: string
  sort_direction?: SortDirection
  search?: string
  filters: Record<string, QueryValue>
}

/** The query string of a list call: empty values are left out. */
export function queryStringOf(query: ListQuery): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = { page: query.page, pageSize: query.pageSize }
  if (query.sort_column) {
    out.sort_column = query.sort_column
    out.sort_direction = query.sort_direction ?? 'asc'
  }
  if (query.search) out.search = query.search
  for (const [key, value] of Object.entries(query.filters)) if (value !== '') out[key] = value
  return out
}

/** `GET {path}`: one page of a resource, read from `result[name]`. */
export async function listResource<T>(path: string, name: string, query: ListQuery, signal?: AbortSignal): Promise<Page<T>> {
  const result = await call<Record<string, Page<T>>>(resourcePaths(path).list, {
    query: queryStringOf(query),
    ...(signal ? { signal } : {}),
  })
  const page = result[name]
  // An answer without the list is a broken contract: reported like an unreachable server (generic message).
  if (!page) throw new ApiError(0, '')
  return page
}

/** `GET {path}/{id}`: one record (`result.item`). */
export const getResource = async <T>(path: string, id: number, signal?: AbortSignal) =>
  (await call<{ item: T }>(resourcePaths(path).one(id), signal ? { signal } : {})).item

/** `POST {path}`: creates a record; returns the server's message and result. */
export async function createResource<T>(path: string, body: Record<string, unknown>) {
  const { message, result } = await callWithMessage<{ item: T }>(resourcePaths(path).list, { method: 'POST', body })
  return { message, result: result.item }
}

/** `PUT {path}/{id}`: updates a record (the body carries its `version`). */
export async function updateResource<T>(path: string, id: number, body: Record<string, unknown>) {
  const { message, result } = await callWithMessage<{ item: T }>(resourcePaths(path).one(id), { method: 'PUT', body })
  return { message, result: result.item }
}

/** `PUT {path}/active-toggle/{id}`: flips a record's active state. */
export const toggleResource = <T>(path: string, id: number) => call<T>(resourcePaths(path).activeToggle(id), { method: 'PUT' })

/** `DELETE {path}/{id}`: returns the server's message. */
export async function deleteResource(path: string, id: number): Promise<string> {
  const { message } = await callWithMessage<unknown>(resourcePaths(path).one(id), { method: 'DELETE' })
  return message
}

/** A support action's answer: the record, and whether this call changed it (`noop`: done before). */
export type SupportActionResult = { item: unknown; outcome: 'apply' | 'noop' }

/** `PUT {path}/resolve/{id}`: marks a shipping issue as resolved. */
export const resolveSupportItem = (path: string, id: number) =>
  callWithMessage<SupportActionResult>(resourcePaths(path).resolve(id), { method: 'PUT' })

/** `PUT {path}/activate/{id}`: activates a shipping company request. */
export const activateSupportItem = (path: string, id: number) =>
  callWithMessage<SupportActionResult>(resourcePaths(path).activate(id), { method: 'PUT' })

/** `GET core/list/{name}` with filters: a select list (`result.list`). */
export async function fetchList(name: string, filters: Record<string, QueryValue> = {}): Promise<ListItem[]> {
  const result = await call<{ list: ListItem[] }>(corePaths.list(name), { query: filters })
  return result.list
}

/** Constants of `core/common` (`result.lists`): package types, payment methods, ... */
export type CommonLists = CommonResult['lists']

/** `GET core/common`: the constants lists. */
export async function fetchCommon(): Promise<CommonLists> {
  const result = await call<{ lists: CommonLists }>(corePaths.common)
  return result.lists
}
