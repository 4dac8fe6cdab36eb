export {
  CONNECT_TIMEOUT_MS,
  ENGINE_OF_SQL_TYPE,
  LOCAL_SOURCE_ID,
  POOL_SIZE,
  type SourceConfig,
  type SourceEngine,
  type SourceRow,
  sourceConfigOf,
} from './engines.ts';
export { classifyConnectError, ConnectFailure, type ConnectFailureReason } from './driverErrors.ts';
export { SecretBox, SecretBoxError } from './secretBox.ts';
export { sameTarget, type SourceTarget } from './target.ts';
export { DataSources, type DataSourcesOptions, type SourceHandle } from './sources.ts';
export { type ConnectionTestResult, testConnection } from './testConnection.ts';
