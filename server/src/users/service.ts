import { assertAllowed, type Caller } from '../access/index.ts';
import { generatePassword, hashClientPassword, isClientHash, sha256Hex, verifyClientPassword } from '../auth/password.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { CrudService } from '../crud/service.ts';
import { ApiError, badRequest } from '../http/errors.ts';

/** Accounts of the back-office: saving with a generated first password, and changing one's password. */
export class UserService {
  constructor(
    private readonly crud: CrudService,
    private readonly sessions: SessionStore,
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
    return this.crud.writeTransaction(['sys_user'], async (trx) => {
      if (typeof values.loginid === 'string') {
        let q = trx.selectFrom('sys_user').select('id').where('loginid', '=', values.loginid).where('isdelete', '=', 0);
        if (!isNew) q = q.where('id', '<>', Number(p.id));
        if (await q.executeTakeFirst()) throw new ApiError(409, 'loginidTaken', { loginid: values.loginid });
      }
      if (isNew) {
        const password = generatePassword(6);
        const pass = await hashClientPassword(sha256Hex(password));
        const id = await this.crud.insert(trx, table, { ...values, pass });
        this.crud.counts.invalidate('sys_user');
        return { id, created: true, password };
      }
      const saved = await this.crud.saveWith(trx, table, p);
      this.sessions.forgetUser(saved.id);
      return saved;
    });
  }

  /** Checks the current password, stores the new one and ends the account's other sessions. */
  async changePassword(caller: Caller, token: string, oldPass: unknown, newPass: unknown): Promise<void> {
    if (!isClientHash(oldPass)) throw badRequest('badParam', { name: 'oldPass', reason: 'SHA-256 hex expected' });
    if (!isClientHash(newPass)) throw badRequest('badParam', { name: 'newPass', reason: 'SHA-256 hex expected' });
    const row = await this.crud.db.selectFrom('sys_user').select('pass').where('id', '=', caller.id).executeTakeFirst();
    if (!(await verifyClientPassword(row?.pass, oldPass))) throw badRequest('passwordWrong');
    const pass = await hashClientPassword(newPass);
    await this.crud.db.updateTable('sys_user').set({ pass }).where('id', '=', caller.id).execute();
    await this.sessions.revokeUser(caller.id, token);
  }
}
