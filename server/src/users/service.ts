import { administratorIds } from '../access/grants.ts';
import { assertAllowed, type Caller } from '../access/index.ts';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import { generatePassword, hashClientPassword, isClientHash, sha256Hex, verifyClientPassword } from '../auth/password.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { AppDb } from '../db/appDatabase.ts';
import type { CrudService } from '../crud/service.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';

interface AccountRow {
  id: number;
  loginid: string;
  state: number;
}

const isLive = (a: { state: number; isdelete?: number }) => Number(a.state) === 1 && Number(a.isdelete ?? 0) === 0;

/**
 * Accounts of the back-office. Every write of sys_user goes through here (the generic save, delete and
 * master-slave calls refuse the table): a generated first password, a unique loginid, no account
 * deleting or disabling itself, never losing the last account able to administer, and the sessions of
 * a disabled or deleted account ended for good.
 */
export class UserService {
  constructor(
    private readonly crud: CrudService,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * Insert (a crypto-random 6-character password is made and answered once) or update. The password
   * hash is never taken from the client here: `pass` in params is refused like any unknown column.
   */
  async save(params: unknown, caller: Caller | undefined): Promise<{ id: number; created: boolean; password?: string }> {
    const table = this.crud.registry.get('sys_user');
    assertAllowed(caller, 'sys_user', 'save');
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw badRequest('badParam', { name: 'params', reason: 'an object is required' });
    }
    const p = params as Record<string, unknown>;
    const isNew = p.id === undefined || p.id === null || p.id === '' || p.id === 0;
    const values = this.crud.toColumnValues(table, p, isNew ? 'insert' : 'update');
    // hashed before the transaction: argon2 takes tens of milliseconds, which no write lock should wait for
    const password = isNew ? generatePassword(6) : '';
    const pass = isNew ? await hashClientPassword(sha256Hex(password)) : '';
    const result = await this.crud.writeTransaction(
      ['sys_user'],
      async (trx) => {
        if (typeof values.loginid === 'string') {
          let q = trx.selectFrom('sys_user').select('id').where('loginid', '=', values.loginid).where('isdelete', '=', 0);
          if (!isNew) q = q.where('id', '<>', Number(p.id));
          if (await q.executeTakeFirst()) throw new ApiError(409, 'loginidTaken', { loginid: values.loginid });
        }
        if (isNew) {
          // shown to the administrator who made it: the account changes it at its first login
          const id = await this.crud.insertId(trx, table, { ...values, pass, mustChangePassword: 1 });
          this.crud.counts.invalidate('sys_user');
          // written beside the generic service: logged here (never its password)
          await this.crud.auditLog.write(trx, caller, this.crud.auditLog.entriesOf([{ table, action: 'insert', id, after: { ...values, id } }], { caller }));
          return { saved: { id, created: true, password }, ended: false };
        }
        const [id] = this.crud.parseIds(p.id);
        const before = await this.liveAccount(trx, id!);
        const after = {
          loginid: typeof values.loginid === 'string' ? values.loginid : before.loginid,
          state: values.state === undefined ? before.state : Number(values.state),
          isdelete: values.isdelete === undefined ? 0 : Number(values.isdelete),
        };
        if (!isLive(after)) {
          if (id === caller?.id) throw badRequest(after.isdelete === 1 ? 'cannotDeleteSelf' : 'cannotDisableSelf');
        }
        if (!isLive(after)) await this.assertAnotherAdministrator(trx, [id!]);
        const saved = { ...(await this.crud.saveWith(trx, table, p)), id: id! };
        const ended = !isLive(after);
        if (ended) await this.sessions.revokeUserWith(trx, id!);
        return { saved, ended };
      },
      undefined,
      { caller },
    );
    this.sessions.forgetUser(result.saved.id);
    return result.saved;
  }

  /** Soft delete of accounts: never one's own, never the last administrator; their sessions end. */
  async delete(rawId: unknown, caller: Caller | undefined): Promise<{ ids: number[] }> {
    const table = this.crud.registry.get('sys_user');
    const ids = this.crud.parseIds(rawId);
    assertAllowed(caller, 'sys_user', 'delete');
    if (caller && ids.includes(caller.id)) throw badRequest('cannotDeleteSelf');
    const deleted = await this.crud.writeTransaction(
      ['sys_user'],
      async (trx) => {
        const accounts = await Promise.all(ids.map((id) => this.liveAccount(trx, id)));
        if (accounts.some((a) => isLive(a))) await this.assertAnotherAdministrator(trx, ids);
        await this.crud.deleteWith(trx, table, ids);
        const done = { ids };
        for (const id of ids) await this.sessions.revokeUserWith(trx, id);
        return done;
      },
      undefined,
      { caller },
    );
    for (const id of ids) this.sessions.forgetUser(id);
    return deleted;
  }

  private async liveAccount(db: AppDb, id: number): Promise<AccountRow> {
    const row = await db.selectFrom('sys_user').select(['id', 'loginid', 'state']).where('id', '=', id).where('isdelete', '=', 0).executeTakeFirst();
    if (!row) throw notFound('rowNotFound', { flag: 'sys_user', id });
    return { id: Number(row.id), loginid: String(row.loginid), state: Number(row.state) };
  }

  /**
   * Refuses a change that would leave no live, enabled account holding an administrator role (besides `leaving`).
   * Asked inside the write's transaction, after its other changes, so that what it reads is what would commit.
   */
  async assertAnotherAdministrator(db: AppDb, leaving: number[] = []): Promise<void> {
    const admins = await administratorIds(db);
    // accounts that administer nothing may go whatever the rest looks like
    if (leaving.length > 0 && !admins.some((id) => leaving.includes(id))) return;
    if (!admins.some((id) => !leaving.includes(id))) throw new ApiError(409, 'lastAdmin');
  }

  /** A new random password for an account (answered once); its sessions end. Administrators only (the route checks). */
  async resetPassword(id: number, caller: Caller): Promise<string> {
    const password = generatePassword(6);
    const pass = await hashClientPassword(sha256Hex(password));
    await this.crud.writeTransaction(
      ['sys_user'],
      async (trx) => {
        await this.liveAccount(trx, id);
        await trx.updateTable('sys_user').set({ pass, mustChangePassword: 1 }).where('id', '=', id).execute();
        await this.sessions.revokeUserWith(trx, id);
        await this.crud.auditLog.write(trx, caller, [{ flag: 'sys_user', action: 'resetPassword', rowId: String(id) }]);
      },
      undefined,
      { caller },
    );
    this.sessions.forgetUser(id);
    await this.throttle.clear((await this.liveAccount(this.crud.db, id)).loginid);
    return password;
  }

  /**
   * Checks the current password, stores the new one and ends the account's other sessions. Wrong
   * current passwords count like failed logins: after 5 the account is locked for 15 minutes.
   */
  async changePassword(caller: Caller, token: string, oldPass: unknown, newPass: unknown): Promise<void> {
    if (!isClientHash(oldPass)) throw badRequest('badParam', { name: 'oldPass', reason: 'SHA-256 hex expected' });
    if (!isClientHash(newPass)) throw badRequest('badParam', { name: 'newPass', reason: 'SHA-256 hex expected' });
    // the server sees only the hash: it refuses the hashes of the empty text and of the account's own login id (the
    // browser checks length and the rest before hashing), and keeping the current password (a forced change changes it)
    const weak = [sha256Hex(''), sha256Hex(caller.loginid), sha256Hex(caller.loginid.trim())];
    if (weak.includes(newPass.toLowerCase()) || newPass.toLowerCase() === oldPass.toLowerCase()) throw badRequest('passwordTooWeak');
    const minutes = await this.throttle.reserveCheck(caller.loginid);
    if (minutes > 0) throw new ApiError(429, 'loginLocked', { minutes });
    const row = await this.crud.db.selectFrom('sys_user').select('pass').where('id', '=', caller.id).executeTakeFirst();
    if (!(await verifyClientPassword(row?.pass, oldPass))) throw badRequest('passwordWrong');
    await this.throttle.clear(caller.loginid);
    const pass = await hashClientPassword(newPass);
    await this.crud.db.updateTable('sys_user').set({ pass, mustChangePassword: 0 }).where('id', '=', caller.id).execute();
    await this.sessions.revokeUser(caller.id, token);
    // this session's cached caller still says the password must change
    this.sessions.forgetUser(caller.id);
  }
}
