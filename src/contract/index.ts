export * from './common'
export * from './validation'
export * from './auth'
export * from './resource'
