import { describe, expect, it } from 'vitest'
import { sniffImage } from '../../server/modules/uploads/service'
import { backends, multipart, useTestServer } from './helpers'

const URL_ = '/api/admin-panal/uploads/images'
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 ')])

describe('image type by content', () => {
  it('knows png, jpeg and webp by their first bytes and nothing else', () => {
    expect(sniffImage(PNG)?.type).toBe('image/png')
    expect(sniffImage(JPG)?.type).toBe('image/jpeg')
    expect(sniffImage(WEBP)?.type).toBe('image/webp')
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull()
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull()
    expect(sniffImage(Buffer.alloc(0))).toBeNull()
  })
})

describe.each(backends)('image uploads on $name', (backend) => {
  const server = useTestServer(backend)
  const admin = async () => server.loginAdmin((await server.createAdmin({ userType: 'sub' })).email)

  it('stores a png for any signed-in admin and serves it back with its type', async () => {
    const token = await admin()
    const res = await server.request({ method: 'POST', url: URL_, token, lang: 'en', ...multipart('photo.png', 'image/png', PNG) })
    expect(res.status).toBe(201)
    expect(res.json.result).toMatchObject({ type: 'image/png', size: PNG.length })
    expect(res.json.result.url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/)
    const file = await server.request({ url: res.json.result.url })
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    // the file's own policy is not replaced by the app's: no script, sandboxed, cached for good
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses a file that is not a png, jpg or webp whatever its name says, in both languages', async () => {
    const token = await admin()
    const fake = multipart('photo.png', 'image/png', Buffer.from('just text pretending to be an image'))
    const en = await server.request({ method: 'POST', url: URL_, token, lang: 'en', ...fake })
    expect(en.status).toBe(422)
    expect(en.json.errors.file).toEqual(['Allowed images: png, jpg, jpeg, webp'])
    const ar = await server.request({
      method: 'POST',
      url: URL_,
      token,
      lang: 'ar',
      ...multipart('a.gif', 'image/gif', Buffer.from('GIF89a')),
    })
    expect(ar.status).toBe(422)
    expect(ar.json.errors.file).toEqual(['الصور المسموح بها: png وjpg وjpeg وwebp'])
  })

  it('refuses a file over 5 MB with 413, and a guest with 401', async () => {
    const token = await admin()
    const big = multipart('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))
    const res = await server.request({ method: 'POST', url: URL_, token, lang: 'en', ...big })
    expect(res.status).toBe(413)
    expect(res.json.status).toBe(false)
    const guest = await server.request({ method: 'POST', url: URL_, ...multipart('photo.png', 'image/png', PNG) })
    expect(guest.status).toBe(401)
  })

  it('answers 404 for names it did not store, including path tricks', async () => {
    for (const url of [
      '/api/uploads/00000000-0000-0000-0000-000000000000.png',
      '/api/uploads/..%2f..%2fetc%2fpasswd',
      '/api/uploads/x.svg',
    ]) {
      expect((await server.request({ url })).status).toBe(404)
    }
  })

  it('a record keeps a stored image name and nothing else: no URLs, no paths', async () => {
    const owner = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const stored = await server.request({
      method: 'POST',
      url: URL_,
      token: owner,
      lang: 'en',
      ...multipart('photo.png', 'image/png', PNG),
    })
    const category = { name_ar: 'كتب', name_en: 'Books' }
    const created = await server.request({
      url: '/api/admin-panal/categories',
      token: owner,
      lang: 'en',
      body: { ...category, image: stored.json.result.path },
    })
    expect(created.status).toBe(201)
    expect(created.json.result.item.image).toBe(stored.json.result.path)
    for (const image of ['https://evil.example/x.png', '../../etc/passwd', 'javascript:alert(1)', `${stored.json.result.path}.svg`]) {
      const res = await server.request({
        url: '/api/admin-panal/blogs',
        token: owner,
        lang: 'en',
        body: {
          title_ar: 'عنوان',
          title_en: 'Title',
          body_ar: '<p>نص</p>',
          body_en: '<p>Text</p>',
          seo_link_ar: 'a-link',
          seo_link_en: 'a-link',
          image,
        },
      })
      expect(res.status, image).toBe(422)
      expect(res.json.errors).toEqual({ image: ['Allowed images: png, jpg, jpeg, webp'] })
    }
  })
})
