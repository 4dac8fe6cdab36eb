import type { Caller } from '../access/index.ts';
import type { RowChange, TableHooks } from '../hooks/tableHooks.ts';
import type { CrudService } from '../crud/service.ts';
import type { AnyDb } from '../db/connection.ts';
import { ApiError } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';

/**
 * What a delete would break, per table (docs/decisions.md, "Deleting a row that is in use"): a row still used by
 * other live rows is refused with a 409 ROW_IN_USE naming them (kind, count, the first names); what belongs to the
 * row alone (a role's grants, a menu's layout) is deleted with it in the same transaction and logged. Run by every
 * write path that deletes (the generic delete, a save setting isdelete 1, master-slave) as a table hook.
 */

type Row = Record<string, unknown>;

/** One kind of row that uses the deleted one: how to find the live ones, and what to call them. */
interface UseKind {
  zh: string;
  /** English: one, several */
  en: readonly [string, string];
  /** the live rows that use `row` (no select, no order: they are counted too) */
  query(trx: AnyDb, row: Row): any;
  /** the column that names one of them (default `name`) */
  label?: string;
  /** the column the names shown are ordered by */
  order?: string;
}

interface Rule {
  /** what the deleted row is, in both languages, and the column that names it */
  zh: string;
  en: string;
  label: string;
  uses: UseKind[];
  /** deletes what belongs to the row alone, in the write's transaction (and logs it) */
  cascade?(trx: AnyDb, row: Row, caller: Caller | undefined): Promise<void>;
}

const SHOWN_NAMES = 3;

/** A save that sets isdelete 1 on a live row is a delete (crud/service.ts `setsDeleted`), so is a delete call. */
export function becomesDeleted(change: RowChange): boolean {
  if (change.action === 'delete') return true;
  return change.action === 'update' && Number(change.before?.isdelete ?? 0) === 0 && Number(change.after?.isdelete ?? 0) === 1;
}

const live = (trx: AnyDb, table: string) => trx.selectFrom(table).where(`${table}.isdelete`, '=', 0);

async function findUses(trx: AnyDb, kind: UseKind, row: Row): Promise<{ count: number; names: string[] } | undefined> {
  const counted = await kind
    .query(trx, row)
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const count = Number(counted?.n ?? 0);
  if (count === 0) return undefined;
  const rows: { label: unknown }[] = await kind
    .query(trx, row)
    .select(`${kind.label ?? 'name'} as label`)
    .orderBy(kind.order ?? 'id')
    .limit(SHOWN_NAMES)
    .execute();
  const names = rows.map((r) => {
    const text = String(r.label ?? '').trim();
    return text.length > 20 ? `${text.slice(0, 20)}…` : text;
  });
  return { count, names };
}

function refusal(rule: Rule, row: Row, found: { kind: UseKind; count: number; names: string[] }[]): ApiError {
  const more = (f: (typeof found)[number]) => (f.count > f.names.length ? '…' : '');
  const zh = found.map((f) => `${f.kind.zh} ${f.count} 个（${f.names.join('、')}${more(f)}）`).join('；');
  const en = found.map((f) => `${f.count} ${f.kind.en[f.count === 1 ? 0 : 1]} (${f.names.join(', ')}${more(f)})`).join('; ');
  const name = String(row[rule.label] ?? '').slice(0, 50);
  return new ApiError(409, 'rowInUse', { whatZh: rule.zh, whatEn: rule.en, name, zh, en });
}

/** The in-use rules of the built-in tables, keyed by flag: registered after each table's own rules (tables/hooks.ts). */
export function inUseRules(crud: CrudService, registry: TableRegistry): [string, TableHooks][] {
  const grantsText = (rows: { id: unknown; actions: unknown }[]) => JSON.stringify(rows.map((r) => [Number(r.id), String(r.actions)]));
  /** A role's or a menu's grants go with it, logged as one change (the other side of each grant, its actions). */
  const dropGrants = async (trx: AnyDb, caller: Caller | undefined, flag: 'sys_role' | 'sys_menu', id: unknown) => {
    const [mine, other] = flag === 'sys_role' ? (['roleId', 'menuId'] as const) : (['menuId', 'roleId'] as const);
    const grants = await trx
      .selectFrom('sys_roleMenu')
      .select([`${other} as id`, 'actions'])
      .where(mine, '=', id)
      .orderBy(other)
      .execute();
    if (grants.length === 0) return;
    await trx.deleteFrom('sys_roleMenu').where(mine, '=', id).execute();
    await crud.auditLog.write(trx, caller, [
      { flag, action: 'grants', rowId: String(id), changes: [{ column: 'grants', before: grantsText(grants), after: '[]' }] },
    ]);
  };

  const rules: Record<string, Rule> = {
    sys_role: {
      zh: '角色',
      en: 'role',
      label: 'name',
      uses: [
        { zh: '子角色', en: ['child role', 'child roles'], query: (trx, row) => live(trx, 'sys_role').where('parentId', '=', row.id) },
        {
          zh: '账号',
          en: ['account', 'accounts'],
          query: (trx, row) => live(trx, 'sys_user').innerJoin('sys_userRole', 'sys_userRole.userId', 'sys_user.id').where('sys_userRole.roleId', '=', row.id),
          label: 'sys_user.loginid',
          order: 'sys_user.id',
        },
      ],
      // the role's grants mean nothing without it; links of deleted accounts neither (no live account holds it here)
      async cascade(trx, row, caller) {
        await trx.deleteFrom('sys_userRole').where('roleId', '=', row.id).execute();
        await dropGrants(trx, caller, 'sys_role', row.id);
      },
    },
    sys_connsql: {
      zh: '数据源',
      en: 'data source',
      label: 'name',
      uses: [
        {
          zh: '数据表定义',
          en: ['table definition', 'table definitions'],
          query: (trx, row) => live(trx, 'sys_dataSheet').where('parentid', '=', row.id),
          label: 'tableName',
        },
        { zh: '表单定义', en: ['form definition', 'form definitions'], query: (trx, row) => live(trx, 'sys_layTable').where('databaseId', '=', row.id) },
      ],
    },
    sys_dataSheet: {
      zh: '数据表',
      en: 'table',
      label: 'tableName',
      uses: [
        { zh: '菜单', en: ['menu', 'menus'], query: (trx, row) => live(trx, 'sys_menu').where('url', '=', `/manage/${String(row.tableName ?? '')}`) },
        {
          zh: '表单定义',
          en: ['form definition', 'form definitions'],
          query: (trx, row) => live(trx, 'sys_layTable').where('tableName', '=', String(row.tableName ?? '')),
        },
      ],
    },
    sys_menu: {
      zh: '菜单',
      en: 'menu',
      label: 'name',
      uses: [{ zh: '子菜单', en: ['child menu', 'child menus'], query: (trx, row) => live(trx, 'sys_menu').where('parentMenu', '=', row.id) }],
      // the menu's layout record and the grants on it mean nothing without it
      async cascade(trx, row, caller) {
        const layouts = await live(trx, 'sys_layList').where('menuId', '=', row.id).select('id').execute();
        if (layouts.length > 0)
          await crud.deleteWith(
            trx,
            registry.get('sys_layList'),
            layouts.map((l: { id: unknown }) => Number(l.id)),
          );
        await dropGrants(trx, caller, 'sys_menu', row.id);
      },
    },
    questionsClass: {
      zh: '科目',
      en: 'subject',
      label: 'name',
      uses: [
        { zh: '子科目', en: ['child subject', 'child subjects'], query: (trx, row) => live(trx, 'questionsClass').where('parentId', '=', row.id) },
        { zh: '题目分类', en: ['category', 'categories'], query: (trx, row) => live(trx, 'questionsSmallClass').where('subjectId', '=', row.id) },
        { zh: '题目', en: ['question', 'questions'], query: (trx, row) => live(trx, 'questionBank').where('parentId', '=', row.id) },
      ],
    },
    questionsSmallClass: {
      zh: '题目分类',
      en: 'category',
      label: 'name',
      uses: [
        { zh: '子分类', en: ['child category', 'child categories'], query: (trx, row) => live(trx, 'questionsSmallClass').where('parentId', '=', row.id) },
        { zh: '题目', en: ['question', 'questions'], query: (trx, row) => live(trx, 'questionBank').where('typeId', '=', row.id) },
      ],
    },
  };

  return Object.entries(rules).map(([flag, rule]) => [
    flag,
    {
      async afterWrite(trx: AnyDb, change: RowChange, caller: Caller | undefined) {
        if (!becomesDeleted(change)) return;
        const row = { ...change.before, id: change.id };
        const found: { kind: UseKind; count: number; names: string[] }[] = [];
        for (const kind of rule.uses) {
          const uses = await findUses(trx, kind, row);
          if (uses) found.push({ kind, ...uses });
        }
        if (found.length > 0) throw refusal(rule, row, found);
        await rule.cascade?.(trx, row, caller);
      },
    },
  ]);
}
