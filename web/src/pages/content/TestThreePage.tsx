import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';
import { staticSource } from '../../crud/sources.ts';
import type { Row } from '../../crud/types.ts';

/** SPEC.md §9: the demo page offers 20, 50, 100, 200, 300 and 400 rows. */
export const DEMO_PAGE_SIZES = [20, 50, 100, 200, 300, 400];
const DEMO_ROWS = 400;

const PLACES = {
  'zh-CN': {
    names: ['王小虎', '李明', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴娜'],
    cities: [
      ['上海', '普陀区', '金沙江路', '200333'],
      ['北京', '海淀区', '中关村大街', '100080'],
      ['广东', '天河区', '天河路', '510620'],
      ['浙江', '西湖区', '文三路', '310012'],
      ['四川', '武侯区', '人民南路', '610041'],
    ],
    address: (city: string[], n: number) => `${city[0]}市${city[1]}${city[2]} ${n} 弄`,
  },
  'en-US': {
    names: ['Wang Xiaohu', 'Li Ming', 'Zhang Wei', 'Liu Yang', 'Chen Jing', 'Yang Fan', 'Zhao Lei', 'Huang Min', 'Zhou Jie', 'Wu Na'],
    cities: [
      ['Shanghai', 'Putuo', 'Jinshajiang Rd', '200333'],
      ['Beijing', 'Haidian', 'Zhongguancun St', '100080'],
      ['Guangdong', 'Tianhe', 'Tianhe Rd', '510620'],
      ['Zhejiang', 'Xihu', 'Wensan Rd', '310012'],
      ['Sichuan', 'Wuhou', 'Renmin South Rd', '610041'],
    ],
    address: (city: string[], n: number) => `No. ${n}, ${city[2]}, ${city[1]}, ${city[0]}`,
  },
};

/** Deterministic demo rows in the UI language (the same row numbers give the same people and places). */
export function demoRows(language: string): Row[] {
  const set = PLACES[language === 'en-US' ? 'en-US' : 'zh-CN'];
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: DEMO_ROWS }, (_, i) => {
    const city = set.cities[i % set.cities.length]!;
    return {
      id: i + 1,
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      name: set.names[(i * 7) % set.names.length],
      province: city[0],
      city: city[1],
      address: set.address(city, 1000 + ((i * 37) % 900)),
      zip: city[3],
    };
  });
}

const column = (name: string, zh: string, en: string, width: number, more: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type: 'nvarchar',
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: false,
  ui: { width },
  ...more,
});

/** The demo table is not a table of the server: its columns are described here, as the server would. */
export const DEMO_META: TableMeta = {
  flag: 'testThree',
  title: { zh: '示例表格', en: 'Demo table' },
  softDelete: false,
  source: 0,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    column('date', '日期', 'Date', 130, { required: true, sortable: true }),
    column('name', '姓名', 'Name', 140, { required: true, sortable: true, search: 'input' }),
    column('province', '省份', 'Province', 120, { search: 'input' }),
    column('city', '市区', 'City', 120),
    column('address', '地址', 'Address', 300),
    column('zip', '邮编', 'ZIP code', 110),
  ],
};

/** 示例表格: static demo data, edited in memory only (a reload brings the demo rows back). */
export default function TestThreePage() {
  const { i18n } = useTranslation();
  const page = useMemo<PageOverrides>(
    () => ({
      key: 'testThree',
      flag: 'testThree',
      titleKey: 'route.testThree',
      pageSizes: DEMO_PAGE_SIZES,
      source: staticSource(`demo-${i18n.language}`, () => demoRows(i18n.language)),
      fields: { date: { form: { kind: 'date', type: 'date' } } },
    }),
    [i18n.language],
  );
  return <TablePage key={i18n.language} page={page} meta={DEMO_META} />;
}
