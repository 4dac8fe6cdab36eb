import { GENERATED_PAGES_GROUP } from '@qb/contracts/pages';
import type { Caller } from '../access/index.ts';
import type { TablesDeps } from './deps.ts';
import { ApiError, notFound } from '../http/errors.ts';

/** The menu group generated pages go under when no parent is chosen (created on demand under the root). */
export const DATA_PAGES_MARK = 'dataPages';

/**
 * Adds the menu entry of a created table's generated page (`/manage/<tableName>`: the generic page built from
 * the registry), named by the table's description and English title. Written through the generic save of sys_menu,
 * so that the operation log records it and the sessions drop their cached menus at once.
 */
export async function generateMenu(
  ctx: TablesDeps,
  sheetId: number,
  parentMenu: number | undefined,
  caller: Caller | undefined,
): Promise<{ menuId: number; url: string }> {
  const db = ctx.conn.db;
  const sheet = await db
    .selectFrom('sys_dataSheet')
    .select(['id', 'tableName', 'intro', 'titleEn', 'created'])
    .where('id', '=', sheetId)
    .where('isdelete', '=', 0)
    .executeTakeFirst();
  if (!sheet) throw notFound('rowNotFound', { flag: 'sys_dataSheet', id: sheetId });
  const tableName = String(sheet.tableName);
  if (Number(sheet.created) !== 1 || !ctx.registry.has(tableName)) throw new ApiError(409, 'tableNotCreated', { name: tableName });
  const url = `/manage/${tableName}`;
  const menu = ctx.registry.get('sys_menu');
  return ctx.crud.writeTransaction(
    ['sys_menu'],
    async (trx) => {
      const taken = await trx.selectFrom('sys_menu').select('id').where('url', '=', url).where('isdelete', '=', 0).executeTakeFirst();
      if (taken) throw new ApiError(409, 'menuUrlTaken', { url });
      let parent = parentMenu;
      if (parent !== undefined) {
        const row = await trx.selectFrom('sys_menu').select('id').where('id', '=', parent).where('isdelete', '=', 0).executeTakeFirst();
        if (!row) throw notFound('rowNotFound', { flag: 'sys_menu', id: parent });
      } else {
        const group = await trx
          .selectFrom('sys_menu')
          .select('id')
          .where('menuMark', '=', DATA_PAGES_MARK)
          .where('isdelete', '=', 0)
          .orderBy('id')
          .executeTakeFirst();
        parent = group
          ? Number(group.id)
          : Number(
              (
                await ctx.crud.saveWith(trx, menu, {
                  name: GENERATED_PAGES_GROUP['zh-CN'],
                  nameEn: GENERATED_PAGES_GROUP['en-US'],
                  menuMark: DATA_PAGES_MARK,
                  icon: 'AppstoreOutlined',
                  menuType: 1,
                  display: 1,
                  parentMenu: 0,
                })
              ).id,
            );
      }
      const name = (sheet.intro ? String(sheet.intro) : tableName).slice(0, 50);
      // the page's English name is the table's English title (数据库管理); none, English falls back to the table's title
      const nameEn = sheet.titleEn ? String(sheet.titleEn).slice(0, 100) : null;
      const saved = await ctx.crud.saveWith(trx, menu, {
        name,
        nameEn,
        menuMark: tableName.slice(0, 50),
        url,
        icon: 'TableOutlined',
        menuType: 1,
        display: 1,
        parentMenu: parent,
      });
      return { menuId: Number(saved.id), url };
    },
    undefined,
    { caller },
  );
}
