import { Redis } from 'ioredis'

/**
 * A Redis client for the state several instances share (REDIS_URL), connected before the server
 * starts so a wrong address stops the start with a clear error instead of failing requests later.
 */
export async function connectRedis(url: string, options: { keyPrefix?: string; onError?: (error: Error) => void } = {}): Promise<Redis> {
  const { onError, ...clientOptions } = options
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, ...clientOptions })
  // a lost connection is retried by the client; what it says goes to the log, not to stderr
  redis.on('error', onError ?? (() => {}))
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis at ${new URL(url).host} does not answer: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  return redis
}
