import { uploadsPaths, type UploadResult } from '../contract/uploads'
import { ApiError, reportStatus, requestTarget } from './client'

/**
 * `POST admin-panal/uploads/images` as multipart, reporting progress (0..100). XMLHttpRequest,
 * because fetch reports no upload progress.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  const { url, headers } = requestTarget(uploadsPaths.images)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      let body: { message?: unknown; result?: unknown; errors?: unknown } = {}
      try {
        body = JSON.parse(xhr.responseText) as typeof body
      } catch {
        // not JSON: reported below as a failure without a message
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body.result as UploadResult)
      reportStatus(xhr.status, 'Authorization' in headers)
      reject(
        new ApiError(
          xhr.status,
          typeof body.message === 'string' ? body.message : '',
          body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {},
        ),
      )
    }
    xhr.onerror = () => reject(new ApiError(0, ''))
    signal?.addEventListener('abort', () => xhr.abort())
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
