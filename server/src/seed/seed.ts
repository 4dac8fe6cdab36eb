import { nowText } from '../db/time.ts';
import { generatePassword, hashClientPassword, sha256Hex } from '../auth/password.ts';
import type { AppDb } from '../db/appDatabase.ts';
import type { Engine } from '../db/connection.ts';
import { insertReturningId as insertId, isDuplicateKey } from '../db/insert.ts';
import { giveBuiltinMenus, syncBuiltinMenus } from './builtinMenus.ts';
import { provinceCapitals, seedMembers, seedQuestions, seedRoles, seedSubjects, seedTestList } from './seedData.ts';

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length]!;
}

/** A small deterministic shuffle of the four options of a capital question. */
function capitalQuestion(i: number): { name: string; options: string[]; correct: string } {
  const [province, capital] = provinceCapitals[i]!;
  const others = provinceCapitals.filter((_, j) => j !== i).map(([, c]) => c);
  const wrong = [pick(others, i * 3 + 1), pick(others, i * 5 + 2), pick(others, i * 7 + 4)];
  const position = i % 4;
  const options = [...wrong];
  options.splice(position, 0, capital);
  return { name: `${province}的省会（首府）是哪座城市？`, options, correct: 'ABCD'[position]! };
}

/**
 * Fills a new database: the admin account, roles, the menu tree, the config row and demo content.
 * Runs only when there is no account yet; answers the admin password when it was generated. Then, on every start,
 * gives the installation the menus of pages declared since its seed (seed/builtinMenus.ts).
 *
 * Instances started together on an empty database run it at the same moment: it seeds once. The account check is
 * repeated inside the transaction (SQLite's transactions begin IMMEDIATE: one at a time, the later one sees the rows)
 * and the admin account is its first write: on PostgreSQL and MySQL the later transaction's insert waits on the
 * live-loginid unique index (migration 0011) and fails once the first commits, which rolls back everything it wrote.
 */
export async function seed(db: AppDb, engine: Engine, adminPassword?: string): Promise<{ seeded: boolean; generatedAdminPassword?: string }> {
  const filled = await fillOnce(db, engine, adminPassword);
  await syncBuiltinMenus(db, engine);
  return filled;
}

async function fillOnce(db: AppDb, engine: Engine, adminPassword?: string): Promise<{ seeded: boolean; generatedAdminPassword?: string }> {
  if (await hasAccount(db)) return { seeded: false };
  const password = adminPassword ?? generatePassword(12);
  const pass = await hashClientPassword(sha256Hex(password));
  try {
    const seeded = await db.transaction().execute(async (trx) => {
      if (await hasAccount(trx)) return false;
      await fill(trx, engine, pass);
      return true;
    });
    if (!seeded) return { seeded: false };
  } catch (err) {
    if (isDuplicateKey(err)) return { seeded: false };
    throw err;
  }
  return { seeded: true, generatedAdminPassword: adminPassword ? undefined : password };
}

const hasAccount = async (db: AppDb) => (await db.selectFrom('sys_user').select('id').limit(1).execute()).length > 0;

async function fill(trx: AppDb, engine: Engine, pass: string): Promise<void> {
  const now = new Date();
  const createTime = nowText(now);

  const adminId = await insertId(trx, engine, 'sys_user', {
    loginid: 'admin',
    name: '超级管理员',
    sex: 1,
    state: 1,
    intro: '系统内置账号',
    pass,
    createTime,
    isdelete: 0,
  });
  const roleIds: number[] = [];
  for (const r of seedRoles) {
    const parentId = r.parent === null ? 0 : roleIds[r.parent]!;
    roleIds.push(
      await insertId(trx, engine, 'sys_role', {
        name: r.name,
        department: r.department,
        parentId,
        enable: 1,
        isAdmin: r.parent === null ? 1 : 0,
        memberid: adminId,
        createTime,
        isdelete: 0,
      }),
    );
  }
  await trx.insertInto('sys_userRole').values({ userId: adminId, roleId: roleIds[0]! }).execute();

  // the declared navigation, every menu with its English name (migration 0013), its marks kept as given (0017)
  await giveBuiltinMenus(trx, engine, now);

  await trx.insertInto('sys_config').values({ completedItems: 3, numberQuestions: 10, taskRewards: 0.5, singleAmount: 10, isdelete: 0 }).execute();

  const categoryIds = new Map<string, { subject: number; category: number }>();
  for (const [i, s] of seedSubjects.entries()) {
    const top = await insertId(trx, engine, 'questionsClass', { name: s.name, parentId: 0, isUp: 1, sortNum: i + 1, createTime, isdelete: 0 });
    for (const [j, child] of s.children.entries()) {
      const sub = await insertId(trx, engine, 'questionsClass', {
        name: child.name,
        parentId: top,
        isUp: j === 0 || i === 0 ? 1 : 0,
        sortNum: j + 1,
        createTime,
        isdelete: 0,
      });
      for (const [k, name] of child.categories.entries()) {
        const id = await insertId(trx, engine, 'questionsSmallClass', {
          name,
          parentId: 0,
          subjectId: sub,
          typeId: null,
          isUp: 1,
          sortNum: k + 1,
          createTime,
          isdelete: 0,
        });
        categoryIds.set(name, { subject: sub, category: id });
      }
    }
  }
  const questions = [
    ...seedQuestions,
    ...provinceCapitals.map((_, i) => ({ category: '常识判断', ...capitalQuestion(i), subject: '我国省级行政区的省会（首府）城市。' })),
    ...[12, 15, 18, 24, 27, 36, 45, 48].map((n, i) => {
      const answer = n * (i + 3);
      const options = [answer - 6, answer, answer + 6, answer + 12].map(String);
      return { category: '数量关系', name: `${n} × ${i + 3} 等于多少？`, options, correct: 'B', subject: `${n} × ${i + 3} = ${answer}。` };
    }),
  ];
  for (const q of questions) {
    const target = categoryIds.get(q.category)!;
    await trx
      .insertInto('questionBank')
      .values({
        parentId: target.subject,
        typeId: target.category,
        name: q.name,
        options: JSON.stringify(q.options),
        correctOptions: q.correct,
        subject: q.subject,
        createTime,
        isdelete: 0,
      })
      .execute();
  }

  const memberIds: number[] = [];
  for (const [i, [name, phone, gender]] of seedMembers.entries()) {
    memberIds.push(
      await insertId(trx, engine, 'sys_member', {
        name,
        phone,
        gender,
        balance: Math.round(((i * 37) % 100) * 1.5 * 100) / 100,
        openid: `oX8s${(1000003 * (i + 7)).toString(36)}demo`,
        createTime,
        isdelete: 0,
      }),
    );
  }
  for (let d = 0; d < 30; d++) {
    const day = new Date(now.getTime() - d * 86_400_000);
    // a few task rewards every day, a withdrawal every few days
    const rewards = 1 + ((d * 7) % 5);
    for (let k = 0; k <= rewards; k++) {
      const withdrawal = k === rewards;
      if (withdrawal && d % 4 !== 1) continue;
      await trx
        .insertInto('userBillFlow')
        .values({
          memberid: pick(memberIds, d * 3 + k),
          type: withdrawal ? 2 : 1,
          title: withdrawal ? '余额提现' : '每日任务奖励',
          money: withdrawal ? 10 : 0.5 * (1 + ((d + k) % 4)),
          answerDate: nowText(new Date(day.getTime() - k * 3_600_000)),
          createTime,
          isdelete: 0,
        })
        .execute();
    }
  }
  for (const t of seedTestList)
    await trx
      .insertInto('testList')
      .values({ ...t, createTime, isdelete: 0 })
      .execute();
}
