import { mappingPaths, type MappingPropertiesResult, type MapPropertyBody, type MapPropertyResult } from '../contract/mapping'
import { call, callWithMessage } from './client'

/** `GET core/mapping/properties/{marketplaceCategoryId}`: its properties beside the platform's. */
export const fetchMappingProperties = (marketplaceCategoryId: number) =>
  call<MappingPropertiesResult>(mappingPaths.properties(marketplaceCategoryId))

/** `POST admin-panal/marketplaces/mapping-properties`: map (or unmap) one marketplace property and its values. */
export async function saveMapProperty(body: MapPropertyBody) {
  const { message, result } = await callWithMessage<MapPropertyResult>(mappingPaths.mapProperty, { method: 'POST', body })
  return { message, result }
}
