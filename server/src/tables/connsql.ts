import { SOURCE_NO_PASSWORD } from '@qb/contracts';
import type { AppDb } from '../db/appDatabase.ts';
import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import { refuseControlCharacters } from '../datasources/engines.ts';
import { refusePrivateLiteral } from '../datasources/hosts.ts';
import { type DataSources, type SecretBox, sameTarget, type SourceTarget } from '../datasources/index.ts';
import { badRequest } from '../http/errors.ts';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The rules of a saved connection (sys_connsql), run by every write path in the write's transaction:
 * the password is write-only and encrypted at rest (AES-256-GCM); a new source needs one, or says explicitly that the
 * database has none (`SOURCE_NO_PASSWORD`, stored as the empty password); an edit that leaves it empty keeps the stored
 * one (none stays none, wherever the source moves: there is no secret to carry); the type is 1–5 and the port 1–65535; no connection field holds a control
 * character; with SOURCES_DENY_PRIVATE, no SQLite file or private address. A refusal rolls the write back.
 * Once committed, the source's pool is closed (the next call opens one with the new settings).
 */
export function connsqlRules(box: SecretBox, sources: DataSources): TableHooks {
  return {
    async afterWrite(trx: AppDb, change: RowChange) {
      const after = change.after;
      if (!after || change.action === 'delete') return;
      const sqlType = Number(after.sqlType);
      if (!Number.isInteger(sqlType) || sqlType < 1 || sqlType > 5) throw badRequest('notInEnum', { column: 'sqlType', allowed: '1, 2, 3, 4, 5' });
      if (!blank(after.port)) {
        const port = Number(after.port);
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw badRequest('sourceBadPort', { port: String(after.port).slice(0, 20) });
      }
      // said explicitly: no password (an empty one is 'keep the stored one' on an edit)
      const noPassword = after.databasePsd === SOURCE_NO_PASSWORD;
      if (noPassword) after.databasePsd = '';
      // the password here is the one typed (plain) or the stored one (encrypted text, which has none)
      refuseControlCharacters(after);
      if (sources.denyPrivateHosts) refusePrivateLiteral(sqlType, blank(after.mainAddr) ? '' : String(after.mainAddr));
      const before = change.before;
      let stored: string | null | undefined;
      if (noPassword) {
        stored = '';
      } else if (change.action === 'insert') {
        // a SQLite file (type 5) has no password
        if (blank(after.databasePsd) && sqlType !== 5) throw badRequest('sourcePasswordRequired');
        stored = blank(after.databasePsd) ? '' : box.encrypt(String(after.databasePsd));
      } else if (
        (blank(after.databasePsd) || after.databasePsd === before?.databasePsd) &&
        !blank(before?.databasePsd) &&
        !sameTarget(before as unknown as SourceTarget, after as unknown as SourceTarget)
      ) {
        // the stored password goes only to the place it was saved for (engine, host, port, database, user): moving the source needs it typed again
        throw badRequest('sourcePasswordRequired');
      } else if (blank(after.databasePsd)) {
        // an edit that leaves the password empty keeps the stored one
        if (!blank(before?.databasePsd)) stored = String(before!.databasePsd);
        else if (sqlType !== 5 && before?.databasePsd !== '') throw badRequest('sourcePasswordRequired');
        else stored = '';
      } else if (after.databasePsd !== before?.databasePsd) {
        stored = box.encrypt(String(after.databasePsd));
      }
      if (stored !== undefined && (stored !== after.databasePsd || noPassword)) {
        await trx.updateTable('sys_connsql').set({ databasePsd: stored }).where('id', '=', Number(change.id)).execute();
        after.databasePsd = stored;
      }
    },
    async afterCommit(changes: RowChange[]) {
      for (const c of changes) await sources.invalidate(Number(c.id));
    },
  };
}
