import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { pageConfigFromMeta } from '../src/crud/configFromMeta.ts';
import { buildSearchWheres } from '../src/crud/searchWheres.ts';
import { buildOptionTree } from '../src/forms/options.ts';
import { filterText, formValuesOf, pageTableOf, scopeModeOf, type FilterReading } from '../src/pages/system/permissions/rowScope.ts';
import type { FieldDef } from '../src/crud/types.ts';
import { questionBankMeta, subjects } from './scopeFixtures.ts';
import i18n, { setLanguage } from '../src/i18n/index.ts';
import '../src/i18n/manage.ts';

const fields = pageConfigFromMeta(questionBankMeta, { key: 'q', flag: 'questionBank' }, { lang: 'zh-CN' }).fields.filter((f) => f.search);
const trees = { parentId: buildOptionTree(subjects, 'parentId') };
const dated: FieldDef[] = [{ name: 'createTime', title: '创建时间', search: { kind: 'dateRange' } }];

const reading = (): FilterReading => ({
  title: (c) => ({ parentId: '所属科目', name: '题目', createdBy: '创建人', createTime: '创建时间' })[c] ?? c,
  value: (c, v) => (c === 'parentId' ? (({ 5: '行政职业能力测验', 6: '申论' } as Record<string, string>)[String(v)] ?? `#${String(v)}`) : String(v)),
  t: (key, options) => i18n.t(key, options),
});

describe('数据范围: the filter and the search form', () => {
  it('the table a menu filters is the first its page declares, or the flag of a generated page', () => {
    expect(pageTableOf('/manage/questionBank')).toBe('questionBank');
    expect(pageTableOf('/manage/billFlow')).toBe('userBillFlow');
    expect(pageTableOf('/manage/book')).toBe('book');
    expect(pageTableOf('/manage/home')).toBeUndefined();
    expect(pageTableOf('https://example.com')).toBeUndefined();
  });

  it('a filter the search fields can build comes back as their values, and those values build it again', () => {
    const filter = { parentId: 6, name: { type: 'like', value: '税' } };
    const values = formValuesOf(filter, fields, trees)!;
    // the subject as its path in the tree, as the cascader shows it
    expect(values).toEqual({ parentId: [4, 6], name: '税' });
    expect(buildSearchWheres(values, fields)).toEqual(filter);
    expect(scopeModeOf(filter, fields)).toBe('custom');
    const range = { createTime: { type: 'between', value: ['2026-01-01 00:00:00', '2026-06-30 23:59:59'] } };
    const days = formValuesOf(range, dated)!.createTime as dayjs.Dayjs[];
    expect(days.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-01-01', '2026-06-30']);
  });

  it('a filter they cannot build is not theirs: another operator, a list, a column without search, a variable', () => {
    for (const filter of [
      { parentId: [5, 6] },
      { parentId: { type: 'ne', value: 6 } },
      { name: { type: 'startsWith', value: '税' } },
      { correctOptions: 'A' },
      { parentId: '$CURRENT_USER' },
      { name: { type: 'like', value: ' 税' } },
      { createTime: { type: 'between', value: ['2026-01-01 08:00:00', '2026-06-30 23:59:59'] } },
    ]) {
      expect(formValuesOf(filter, [...fields, ...dated], trees), JSON.stringify(filter)).toBeUndefined();
    }
    expect(scopeModeOf({ parentId: [5, 6] }, fields)).toBe('other');
    expect(scopeModeOf({ createdBy: '$CURRENT_USER' }, fields)).toBe('own');
    expect(scopeModeOf(null, fields)).toBe('all');
    expect(scopeModeOf({}, fields)).toBe('all');
  });

  it('reads as text in both languages: titles, operators, labels, variables; an unknown shape as its JSON', async () => {
    await setLanguage('zh-CN');
    expect(filterText({ parentId: 6, name: { type: 'like', value: '税' } }, reading())).toBe('所属科目 = 申论，且 题目 包含“税”');
    expect(filterText({ parentId: [5, 6] }, reading())).toBe('所属科目 属于 行政职业能力测验、申论');
    expect(filterText({ createdBy: '$CURRENT_USER' }, reading())).toBe('创建人 = 当前用户');
    expect(filterText({ createTime: { type: 'lt', value: '$NOW' } }, reading())).toBe('创建时间 < 当前时间');
    expect(filterText({ name: { type: 'isNull', value: false } }, reading())).toBe('题目 不为空');
    expect(filterText(null, reading())).toBe('全部数据');
    expect(filterText({ $broken: true }, reading())).toBe('无法识别的条件（不给出任何数据）');
    expect(filterText({ parentId: { type: 'near', value: 6 } }, reading())).toBe('{"parentId":{"type":"near","value":6}}');
    await setLanguage('en-US');
    expect(filterText({ parentId: 6, name: { type: 'like', value: '税' } }, reading())).toBe('所属科目 = 申论 and 题目 contains "税"');
    expect(filterText({ parentId: { type: 'between', value: [5, 6] } }, reading())).toBe('所属科目 between 行政职业能力测验 and 申论');
    await setLanguage('zh-CN');
  });
});
