import type { ColumnType } from '@qb/contracts';
import type { Engine } from './connection.ts';

/** The SQL type of a logical column type on each engine. */
export function sqlType(engine: Engine, type: ColumnType, length = 50): string {
  switch (type) {
    case 'int':
      return 'integer';
    case 'nvarchar':
      return `varchar(${length})`;
    case 'image':
      return 'varchar(500)';
    case 'ntext':
      return engine === 'mysql' ? 'mediumtext' : 'text';
    case 'float':
      return engine === 'postgres' ? 'double precision' : engine === 'mysql' ? 'double' : 'real';
    case 'money':
      return engine === 'sqlite' ? 'numeric' : 'decimal(12,2)';
    case 'datetime':
      return engine === 'postgres' ? 'timestamp' : engine === 'mysql' ? 'datetime' : 'text';
  }
}
