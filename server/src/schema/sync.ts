import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../db/appDatabase.ts';
import type { TableRegistry } from './registry.ts';
import { dropRefusedReferences } from './references.ts';
import { loadRuntimeTables } from './runtime.ts';

/** The sys_version row counting changes of table definitions. */
const REGISTRY_VERSION = 'registry';

/** Bumps the definitions' version inside a write's transaction, so every instance sees the change. */
export async function bumpRegistryVersion(trx: AppDb): Promise<void> {
  await trx
    .updateTable('sys_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', REGISTRY_VERSION)
    .execute();
}

/**
 * Keeps this instance's registry in step with the table definitions in the local database: loaded on
 * start, reloaded at once after a definition changes here, and within `pollMs` after it changed on
 * another instance (each instance polls the shared version number).
 */
export class RegistrySync {
  private version: number | undefined;
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: AppDb,
    private readonly registry: TableRegistry,
    /** where skipped definitions and failed reloads are reported (the app's logger once built) */
    public log?: FastifyBaseLogger,
    readonly pollMs = 1000,
  ) {}

  /** Reads the definitions again (one reload at a time; a reload asked for during one runs after it). */
  reload(): Promise<void> {
    this.running = this.running.then(() => this.load()).catch((err) => this.log?.error({ err }, 'reloading table definitions failed'));
    return this.running;
  }

  private async currentVersion(): Promise<number> {
    const row = await this.db.selectFrom('sys_version').select('version').where('name', '=', REGISTRY_VERSION).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  private async load(): Promise<void> {
    // the version is read first: a change committed while the definitions are read is picked up by the next poll
    const version = await this.currentVersion();
    const { defs, skipped, ignored } = await loadRuntimeTables(this.db, (flag) => this.registry.isBuiltinName(flag));
    const dropped = dropRefusedReferences(defs, this.registry);
    this.registry.replaceRuntime(defs);
    this.version = version;
    for (const s of skipped) this.log?.warn({ table: s.tableName, reason: s.reason }, 'a defined table is not served');
    for (const i of ignored) this.log?.warn({ table: i.tableName, reason: i.reason }, 'a default of a defined table is not served');
    for (const d of dropped) this.log?.warn({ table: d.tableName, reason: d.reason }, 'a reference of a defined table is not served');
  }

  /** Reloads when another instance changed the definitions since the last load. */
  async poll(): Promise<void> {
    if ((await this.currentVersion()) !== this.version) await this.reload();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.poll().catch((err) => this.log?.error({ err }, 'polling table definitions failed')), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
