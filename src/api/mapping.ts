import {
  mappingPaths,
  type MapCategoryResult,
  type MappingCategoriesQuery,
  type MappingCategoriesResult,
  type MappingCategory,
  type MappingPropertiesResult,
  type MappingSuggestion,
  type MappingSuggestionsResult,
} from '../contract/mapping'
import { call, callWithMessage } from './client'

/** `GET core/mapping/categories/{marketplaceId}`: browse (children of `parent_id`) or find (filters). */
export const fetchMappingCategories = (marketplaceId: number, query: MappingCategoriesQuery, signal?: AbortSignal) =>
  call<MappingCategoriesResult>(mappingPaths.categories(marketplaceId), { query, ...(signal ? { signal } : {}) })

/** `GET core/mapping/suggestions/{id}`: platform categories by name similarity, best first. */
export const fetchMappingSuggestions = async (marketplaceCategoryId: number, signal?: AbortSignal): Promise<MappingSuggestion[]> =>
  (await call<MappingSuggestionsResult>(mappingPaths.suggestions(marketplaceCategoryId), signal ? { signal } : {})).suggestions

/** One marketplace category as it stands now (read with its properties: the one address that names a single category). */
export const fetchMappingCategory = async (marketplaceCategoryId: number, signal?: AbortSignal): Promise<MappingCategory> =>
  (await call<MappingPropertiesResult>(mappingPaths.properties(marketplaceCategoryId), signal ? { signal } : {})).category

/** `POST admin-panal/marketplaces/mapping-categories/{id}`: map (or unmap with null); 409 when `expected` is stale. */
export const mapCategory = (marketplaceCategoryId: number, categoryId: number | null, expected: number | null) =>
  callWithMessage<MapCategoryResult>(mappingPaths.mapCategory(marketplaceCategoryId), {
    method: 'POST',
    body: { category_id: categoryId, expected },
  })
