import { marketplaceTaxonomyPath, type TaxonomyReport } from '../contract/marketplaces'
import { uploadFile } from './uploads'

/** `POST admin-panal/marketplaces/{id}/taxonomy` as multipart `file`, reporting progress (0..100). */
export const uploadTaxonomy = (
  marketplaceId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ message: string; report: TaxonomyReport }> =>
  uploadFile<TaxonomyReport>(marketplaceTaxonomyPath(marketplaceId), file, onProgress, signal).then(({ message, result }) => ({
    message,
    report: result,
  }))
