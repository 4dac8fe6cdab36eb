import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  AliasNode,
  type KyselyPlugin,
  ListNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  TableNode,
  type UnknownRow,
} from 'kysely';
import type { AppDb, AppTrx } from '../db/appDatabase.ts';

/**
 * How many sys_version rows count one table's writes. A writer bumps one of them, chosen at random, and
 * holds its row lock until it commits: with several, concurrent writers of one table rarely wait for
 * each other. SQLite has one writer at a time anyway. A table's version is the sum of its rows.
 */
export const versionShards = (engine: string) => (engine === 'sqlite' ? 1 : 16);

/** The sys_version rows counting the committed writes of one physical table: `rows:<table>`, `rows:<table>#1`, … */
export const rowsVersionNames = (table: string, shards: number) => Array.from({ length: shards }, (_, k) => (k === 0 ? `rows:${table}` : `rows:${table}#${k}`));

/**
 * Adds one to the row version of each of `tables` inside a write's transaction, so that it becomes
 * visible together with the rows. Sorted: concurrent writers lock version rows in one order, never crosswise.
 */
export async function bumpRowVersions(trx: AppTrx, engine: string, tables: Iterable<string>): Promise<void> {
  const shards = versionShards(engine);
  for (const table of [...new Set(tables)].sort()) {
    if (table === 'sys_version') continue;
    const name = rowsVersionNames(table, shards)[crypto.randomInt(shards)]!;
    const insert = trx.insertInto('sys_version').values({ name, version: 1 });
    await (
      engine === 'mysql'
        ? insert.onDuplicateKeyUpdate({ version: sql`version + 1` })
        : insert.onConflict((oc) => oc.column('name').doUpdateSet({ version: sql`sys_version.version + 1` }))
    ).execute();
  }
}

function tableNames(node: OperationNode | undefined): string[] {
  if (!node) return [];
  if (TableNode.is(node)) return [node.table.identifier.name];
  if (AliasNode.is(node)) return tableNames(node.node);
  if (ListNode.is(node)) return node.items.flatMap(tableNames);
  return [];
}

/** The tables an insert, update, delete or merge writes (with those of its WITH clause). */
function writtenBy(node: OperationNode | undefined): string[] {
  if (!node) return [];
  const q = node as RootOperationNode & { with?: { expressions: readonly { expression: OperationNode }[] } };
  const withs = q.with?.expressions.flatMap((e) => writtenBy(e.expression)) ?? [];
  switch (q.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return [...tableNames(q.into), ...withs];
    case 'UpdateQueryNode':
      return [...tableNames(q.table), ...withs];
    case 'DeleteQueryNode':
      return [...q.from.froms.flatMap(tableNames), ...withs];
    default:
      return withs;
  }
}

/**
 * Notes every table a query built on the transaction writes: row hooks writing other tables (a bill
 * flow moving its member's balance) get their versions bumped without naming them anywhere. Raw SQL
 * and precompiled queries are not seen: their tables are named to writeTransaction.
 */
export class WrittenTables implements KyselyPlugin {
  readonly tables = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    for (const t of writtenBy(args.node)) this.tables.add(t);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * One table's version reads over a pool, shared: a call joins a read not sent yet, never one already
 * out (that one may have been answered before the call began, missing a commit the caller has seen).
 * So at most one read per table is out at a time, and it serves every call that arrived meanwhile.
 */
export class SharedReads {
  private out?: Promise<number>;
  private next?: Promise<number>;

  constructor(private readonly send: () => Promise<number>) {}

  read(): Promise<number> {
    if (this.next) return this.next;
    if (!this.out) return this.start();
    const after = () => {
      this.next = undefined;
      return this.start();
    };
    this.next = this.out.then(after, after);
    return this.next;
  }

  private start(): Promise<number> {
    const read = this.send().finally(() => {
      if (this.out === read) this.out = undefined;
    });
    this.out = read;
    return read;
  }
}

export interface CountCacheOptions {
  sqlite?: Database.Database;
}

/**
 * Exact totals without re-counting, on every engine and across instances. Each write's transaction
 * bumps the table's row version in sys_version (CrudService.writeTransaction); each count reads that
 * version (a primary-key read, shared by the calls that arrive while one is out) and reuses a total
 * stored under the same table, conditions and version. A total is stored under the version read
 * before its COUNT ran, so a COUNT that overlapped a commit is stored under the older version, which
 * no call reading the newer one will take.
 * On SQLite the writer connection's PRAGMA data_version also moves on any commit by another connection,
 * versioned or not (another process, a tool): then every total is dropped, as before versions existed.
 */
export class CountCache {
  private readonly byTable = new Map<string, { version: number; totals: Map<string, number> }>();
  /** COUNTs running now, joined by identical calls that read the same version */
  private readonly running = new Map<string, Promise<number>>();
  private static readonly MAX_KEYS_PER_TABLE = 500;
  /** COUNT statements this cache has run: the tests read it to tell a cached total from a counted one */
  counted = 0;

  private readonly names = new Map<string, string[]>();
  private readonly versionReads = new Map<string, SharedReads>();
  private dataVersion = -1;
  private statements?: { dataVersion: Database.Statement };

  private readonly sqlite?: Database.Database;
  private readonly shards: number;

  constructor(
    /** where versions are read: a connection that only ever sees committed rows (the list reads' one) */
    private readonly readDb: AppDb,
    engine: string,
    /** false: every call counts (COUNT_CACHE=off); `sqlite`, SQLite's writer handle: versions are read on it synchronously while it holds no transaction */
    private readonly options: CountCacheOptions | false,
  ) {
    this.sqlite = options ? options.sqlite : undefined;
    this.shards = versionShards(engine);
  }

  private sqliteStatements() {
    this.statements ??= {
      dataVersion: this.sqlite!.prepare('PRAGMA data_version').pluck(),
    };
    return this.statements;
  }

  /**
   * The writes this process has committed per table, on SQLite: every write of this process goes through its one
   * writer connection and CrudService.writeTransaction, which counts it here once committed; any other process's
   * commit moves PRAGMA data_version, which drops every total. So no version row needs reading per call.
   */
  private readonly localVersions = new Map<string, number>();

  /** Called once a write's transaction has committed, with the tables it wrote. */
  committed(tables: Iterable<string>): void {
    if (!this.sqlite) return;
    for (const table of tables) this.localVersions.set(table, (this.localVersions.get(table) ?? 0) + 1);
  }

  /**
   * SQLite: a stamp that moves whenever the table's committed rows may have changed (another connection's commit moves
   * PRAGMA data_version, a write of this process the table's local version), for other caches of what a list answers
   * (the creators' names, crud/reads.ts); undefined on the other engines and with the cache off. Read it before the
   * rows it stamps, as a total's version is.
   */
  stampOf(table: string): string | undefined {
    if (!this.options || !this.sqlite) return undefined;
    return `${this.sqliteStatements().dataVersion.get() as number}:${this.localVersions.get(table) ?? 0}`;
  }

  /** The table's committed row version: on SQLite this process's count of its commits, elsewhere the version rows (all instances' writes). */
  private version(table: string): number | Promise<number> {
    if (this.sqlite) return this.localVersions.get(table) ?? 0;
    let names = this.names.get(table);
    if (!names) this.names.set(table, (names = rowsVersionNames(table, this.shards)));
    let reads = this.versionReads.get(table);
    if (!reads) {
      const send = () =>
        this.readDb
          .selectFrom('sys_version')
          .select((eb) => eb.fn.sum<number>('version').as('version'))
          .where('name', 'in', names)
          .executeTakeFirst()
          .then((row) => Number(row?.version ?? 0));
      this.versionReads.set(table, (reads = new SharedReads(send)));
    }
    return reads.read();
  }

  /** The total of `key` (a table's conditions) as of now: the stored one if the table's version has not moved, else `count()`. */
  async total(table: string, key: string, count: () => Promise<number>): Promise<number> {
    if (!this.options) {
      this.counted++;
      return count();
    }
    if (this.sqlite) {
      const dataVersion = this.sqliteStatements().dataVersion.get() as number;
      if (dataVersion !== this.dataVersion) {
        this.byTable.clear();
        this.dataVersion = dataVersion;
      }
    }
    const epoch = this.dataVersion;
    const read = this.version(table);
    const version = typeof read === 'number' ? read : await read;
    const entry = this.byTable.get(table);
    const cached = entry?.version === version ? entry.totals.get(key) : undefined;
    if (cached !== undefined) return cached;
    const runKey = `${epoch}\u0000${table}\u0000${version}\u0000${key}`;
    let run = this.running.get(runKey);
    if (!run) {
      this.counted++;
      run = count()
        .then((total) => {
          // a commit by another connection during the COUNT: the total may predate it, and is not kept
          if (this.dataVersion === epoch) this.store(table, version, key, total);
          return total;
        })
        .finally(() => this.running.delete(runKey));
      this.running.set(runKey, run);
    }
    return run;
  }

  private store(table: string, version: number, key: string, total: number): void {
    let entry = this.byTable.get(table);
    // a total of an older version than one already stored is of no use to anyone
    if (entry && version < entry.version) return;
    if (!entry || version > entry.version) this.byTable.set(table, (entry = { version, totals: new Map() }));
    if (entry.totals.size >= CountCache.MAX_KEYS_PER_TABLE) entry.totals.clear();
    entry.totals.set(key, total);
  }

  /** The last total this instance stored for `key`, of whatever version: a hint for choosing a plan, never an answer. */
  hint(table: string, key: string): number | undefined {
    return this.byTable.get(table)?.totals.get(key);
  }

  /** Drops this instance's stored totals of a table (exactness does not need it: the version moves). */
  invalidate(table: string): void {
    this.byTable.delete(table);
  }
}
