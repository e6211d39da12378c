import { corePaths } from './resource'
import { marketplacesResource, marketplacesScreens } from './marketplaces.routes'

// The mapping's addresses (API paths, screens) without its schemas: what menus and routes need at start.
// Mapping is part of the marketplaces module (its permissions: `marketplaces:view` to read, `marketplaces:update` to map).

/** `GET core/mapping/{name}/{id}` (spec section 7): the names the mapping serves. */
const mappingLists = {
  /** A marketplace's category tree (`id`: the marketplace), browsed by parent or filtered. */
  categories: 'categories',
  /** The platform categories most like a marketplace category (`id`: the marketplace category). */
  suggestions: 'suggestions',
  /** A mapped marketplace category's properties beside the platform's (`id`: the marketplace category). */
  properties: 'properties',
} as const

export const mappingPaths = {
  categories: (marketplaceId: number | string) => corePaths.mapping(mappingLists.categories, marketplaceId),
  suggestions: (marketplaceCategoryId: number | string) => corePaths.mapping(mappingLists.suggestions, marketplaceCategoryId),
  properties: (marketplaceCategoryId: number | string) => corePaths.mapping(mappingLists.properties, marketplaceCategoryId),
  /** `POST {path}/{id}` (category mapping): map or unmap one marketplace category. */
  mapCategory: (marketplaceCategoryId: number | string) => `${marketplacesResource.path}/mapping-categories/${marketplaceCategoryId}`,
  /** `POST {path}` (property mapping): map or unmap one marketplace property and its values. */
  mapProperty: `${marketplacesResource.path}/mapping-properties`,
} as const

const section = marketplacesScreens.section
const part = (value: number | string) => encodeURIComponent(String(value))

/** The mapping screens (spec section 2, under marketplaces). A `0` category means none chosen yet. */
export const mappingScreens = {
  patterns: {
    categories: `${section}/mapping-categories/:marketPlaceId/:marketPlaceCategoryId`,
    properties: `${section}/properties/:marketPlaceCategoryId/:mainCategoryId`,
    property: `${section}/mapping-properties/:mainCategoryId/:marketplacePropertyId`,
  },
  categories: (marketplaceId: number | string, marketplaceCategoryId: number | string = 0) =>
    `${section}/mapping-categories/${part(marketplaceId)}/${part(marketplaceCategoryId)}`,
  properties: (marketplaceCategoryId: number | string, mainCategoryId: number | string) =>
    `${section}/properties/${part(marketplaceCategoryId)}/${part(mainCategoryId)}`,
  property: (mainCategoryId: number | string, marketplacePropertyId: number | string) =>
    `${section}/mapping-properties/${part(mainCategoryId)}/${part(marketplacePropertyId)}`,
} as const
