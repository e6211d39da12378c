import { adminCategoriesPath, type AdminCategoriesResult } from '../contract/admin-users'
import { call } from './client'

/** `GET admin-panal/users/categories/{id}`: the categories an admin is responsible for. */
export const fetchAdminCategories = (id: number, signal?: AbortSignal): Promise<AdminCategoriesResult> =>
  call<AdminCategoriesResult>(adminCategoriesPath(id), signal ? { signal } : {})

/** `PUT admin-panal/users/categories/{id}`: replaces them (none: the admin is not limited). */
export const saveAdminCategories = (id: number, categoryIds: number[]): Promise<AdminCategoriesResult> =>
  call<AdminCategoriesResult>(adminCategoriesPath(id), { method: 'PUT', body: { category_ids: categoryIds } })
