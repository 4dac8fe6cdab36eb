import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../crud/CrudPage.tsx';
import { staticSource } from '../../crud/sources.ts';
import type { CrudPageConfig, Row } from '../../crud/types.ts';

/** SPEC.md §9: the demo page offers 20, 50, 100, 200, 300 and 400 rows. */
export const DEMO_PAGE_SIZES = [20, 50, 100, 200, 300, 400];
const DEMO_ROWS = 400;

const PLACES = {
  'zh-CN': {
    names: ['王小虎', '李明', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴娜'],
    cities: [['上海', '普陀区', '金沙江路', '200333'], ['北京', '海淀区', '中关村大街', '100080'], ['广东', '天河区', '天河路', '510620'], ['浙江', '西湖区', '文三路', '310012'], ['四川', '武侯区', '人民南路', '610041']],
    address: (city: string[], n: number) => `${city[0]}市${city[1]}${city[2]} ${n} 弄`,
  },
  'en-US': {
    names: ['Wang Xiaohu', 'Li Ming', 'Zhang Wei', 'Liu Yang', 'Chen Jing', 'Yang Fan', 'Zhao Lei', 'Huang Min', 'Zhou Jie', 'Wu Na'],
    cities: [['Shanghai', 'Putuo', 'Jinshajiang Rd', '200333'], ['Beijing', 'Haidian', 'Zhongguancun St', '100080'], ['Guangdong', 'Tianhe', 'Tianhe Rd', '510620'], ['Zhejiang', 'Xihu', 'Wensan Rd', '310012'], ['Sichuan', 'Wuhou', 'Renmin South Rd', '610041']],
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

function demoConfig(language: string): CrudPageConfig {
  return {
    key: 'testThree',
    flag: 'testThree',
    titleKey: 'route.testThree',
    pageSizes: DEMO_PAGE_SIZES,
    source: staticSource(`demo-${language}`, () => demoRows(language)),
    fields: [
      { name: 'date', titleKey: 'pages.testThree.date', column: { width: 130, sortable: true }, form: { kind: 'date', required: true } },
      { name: 'name', titleKey: 'pages.testThree.name', column: { width: 140, sortable: true }, form: { kind: 'input', required: true }, search: {} },
      { name: 'province', titleKey: 'pages.testThree.province', column: { width: 120 }, form: { kind: 'input' }, search: {} },
      { name: 'city', titleKey: 'pages.testThree.city', column: { width: 120 }, form: { kind: 'input' } },
      { name: 'address', titleKey: 'pages.testThree.address', column: { width: 300 }, form: { kind: 'input' } },
      { name: 'zip', titleKey: 'pages.testThree.zip', column: { width: 110 }, form: { kind: 'input' } },
    ],
  };
}

/** 示例表格: static demo data, edited in memory only (a reload brings the demo rows back). */
export default function TestThreePage() {
  const { i18n } = useTranslation();
  const config = useMemo(() => demoConfig(i18n.language), [i18n.language]);
  return <CrudPage key={i18n.language} config={config} />;
}
