import type { ActorRefFrom } from 'xstate'
import type { mappingMachine } from '../../machines/mapping'
import type { mappingTreeMachine } from '../../machines/mapping-tree'

export type MappingActor = ActorRefFrom<typeof mappingMachine>
export type TreeActor = ActorRefFrom<typeof mappingTreeMachine>
