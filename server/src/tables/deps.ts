import type { CrudService } from '../crud/service.ts';
import type { Connection } from '../db/connection.ts';
import type { DataSources } from '../datasources/sources.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegistrySync } from '../schema/sync.ts';

/**
 * What the data-table manager uses of the app: the local database, the table registry (and its reload across
 * instances), the generic service (its writes, search indexes and hooks) and the data sources. The app hands its
 * whole context, which has all of it; the folder does not import the composition root.
 */
export interface TablesDeps {
  conn: Connection;
  registry: TableRegistry;
  registrySync: Pick<RegistrySync, 'reload'>;
  crud: CrudService;
  sources: DataSources;
}
