import { uploadsPaths, type UploadResult } from '../contract/uploads'
import { ApiError, reportStatus, requestTarget } from './client'

/**
 * `POST {path}` as multipart with the file under `file`, reporting progress (0..100); answers the
 * envelope's message and result. XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ message: string; result: T }> {
  const { url, headers } = requestTarget(path)
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
      const message = typeof body.message === 'string' ? body.message : ''
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ message, result: body.result as T })
      reportStatus(xhr.status, 'Authorization' in headers)
      reject(
        new ApiError(xhr.status, message, body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {}),
      )
    }
    xhr.onerror = () => reject(new ApiError(0, ''))
    signal?.addEventListener('abort', () => xhr.abort())
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}

/** `POST admin-panal/uploads/images`: the stored image's name. */
export const uploadImage = (file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadResult> =>
  uploadFile<UploadResult>(uploadsPaths.images, file, onProgress, signal).then(({ result }) => result)
