/** Demo content a new installation starts with, so that a first look shows a living product. */
import { isNavGroup, seedNavigation, type NavNode } from '@qb/contracts/pages';

export interface SeedMenu {
  name: string;
  menuMark: string;
  url?: string;
  icon?: string;
  display?: number;
  menuType?: number;
  children?: SeedMenu[];
}

/**
 * The whole navigation as a new installation's seed gives it (seed/builtinMenus.ts): every route of SPEC.md §2, in
 * menu order, from the one declaration of the pages (packages/contracts/src/pages.ts); 'baseMana' has display off as
 * §2 says. Read by the tests that compare it with the menus made and with the first release's.
 */
export const seedMenus: SeedMenu[] = seedNavigation.map(function toSeed(node: NavNode): SeedMenu {
  if (isNavGroup(node)) {
    return {
      name: node.title['zh-CN'],
      menuMark: node.mark,
      icon: node.icon,
      ...(node.display === 0 ? { display: 0 } : {}),
      children: node.children.map(toSeed),
    };
  }
  return { name: node.title['zh-CN'], menuMark: node.mark ?? node.path, url: `/manage/${node.path}`, ...(node.icon ? { icon: node.icon } : {}) };
});

export const seedRoles = [
  { name: '超级管理员', department: '技术部', parent: null },
  { name: '运营主管', department: '运营部', parent: 0 },
  { name: '内容编辑', department: '内容部', parent: 1 },
  { name: '客服专员', department: '运营部', parent: 1 },
];

/** Subjects with their child subjects and, under each child, its categories. */
export const seedSubjects = [
  {
    name: '驾照考试',
    children: [
      { name: '科目一', categories: ['交通信号', '道路通行规定'] },
      { name: '科目四', categories: ['安全文明驾驶'] },
    ],
  },
  {
    name: '公务员考试',
    children: [
      { name: '行政职业能力测验', categories: ['常识判断', '数量关系'] },
      { name: '申论', categories: ['归纳概括'] },
    ],
  },
  { name: '英语四级', children: [{ name: '词汇与语法', categories: ['词汇辨析'] }] },
];

export interface SeedQuestion {
  category: string;
  name: string;
  options: string[];
  correct: string;
  subject: string;
}

export const seedQuestions: SeedQuestion[] = [
  {
    category: '交通信号',
    name: '驾驶机动车遇到红灯时应当怎样做？',
    options: ['停车等待', '加速通过', '鸣笛通过', '绕行通过'],
    correct: 'A',
    subject: '红灯亮时禁止车辆通行。',
  },
  {
    category: '交通信号',
    name: '黄灯持续闪烁时表示什么？',
    options: ['禁止通行', '车辆行人须注意瞭望，确认安全后通过', '准许通行', '前方施工'],
    correct: 'B',
    subject: '黄灯闪烁为警示信号。',
  },
  {
    category: '交通信号',
    name: '下列哪些属于指示标志？',
    options: ['直行', '向左转弯', '禁止停车', '环岛行驶'],
    correct: 'ABD',
    subject: '禁止停车属于禁令标志。',
  },
  {
    category: '道路通行规定',
    name: '在高速公路上行驶的小型载客汽车最高车速不得超过每小时多少公里？',
    options: ['100', '110', '120', '130'],
    correct: 'C',
    subject: '道路交通安全法实施条例第七十八条。',
  },
  {
    category: '道路通行规定',
    name: '机动车在没有道路中心线的城市道路上，最高速度为每小时多少公里？',
    options: ['30', '40', '50', '60'],
    correct: 'A',
    subject: '没有道路中心线的道路，城市道路为每小时30公里。',
  },
  { category: '道路通行规定', name: '驾驶机动车在道路上超车时可以不使用转向灯。', options: ['正确', '错误'], correct: 'B', subject: '超车前应开启左转向灯。' },
  {
    category: '安全文明驾驶',
    name: '雨天路面湿滑，驾驶人应当怎样做？',
    options: ['降低车速', '加大跟车距离', '紧急制动', '避免急转方向'],
    correct: 'ABD',
    subject: '湿滑路面紧急制动易导致侧滑。',
  },
  {
    category: '安全文明驾驶',
    name: '夜间会车时应当在距对向来车多少米以外改用近光灯？',
    options: ['50米', '100米', '150米', '200米'],
    correct: 'C',
    subject: '夜间会车应在150米以外改用近光灯。',
  },
  { category: '安全文明驾驶', name: '驾驶人连续驾驶超过4小时应当停车休息不少于20分钟。', options: ['正确', '错误'], correct: 'A', subject: '防止疲劳驾驶。' },
  {
    category: '数量关系',
    name: '1、3、7、15、31、（ ），括号中应填入的数字是？',
    options: ['47', '55', '63', '62'],
    correct: 'C',
    subject: '后一项等于前一项乘2加1。',
  },
  {
    category: '数量关系',
    name: '一项工程甲单独做10天完成，乙单独做15天完成，两人合作需要几天？',
    options: ['5天', '6天', '7天', '8天'],
    correct: 'B',
    subject: '1÷(1/10+1/15)=6。',
  },
  {
    category: '归纳概括',
    name: '申论归纳概括题作答时应当做到哪些？',
    options: ['全面', '准确', '简明', '大量引用原文'],
    correct: 'ABC',
    subject: '要点全面、表述准确、语言简明。',
  },
  {
    category: '词汇辨析',
    name: 'She is ______ of her success.',
    options: ['proud', 'pride', 'proudly', 'prouder'],
    correct: 'A',
    subject: 'be proud of 为固定搭配。',
  },
  {
    category: '词汇辨析',
    name: 'The meeting has been ______ until next week.',
    options: ['put off', 'put on', 'put up', 'put out'],
    correct: 'A',
    subject: 'put off 意为推迟。',
  },
];

/** Province capitals: a believable batch of 常识判断 questions for the demo bank. */
export const provinceCapitals: [string, string][] = [
  ['河北', '石家庄'],
  ['山西', '太原'],
  ['辽宁', '沈阳'],
  ['吉林', '长春'],
  ['黑龙江', '哈尔滨'],
  ['江苏', '南京'],
  ['浙江', '杭州'],
  ['安徽', '合肥'],
  ['福建', '福州'],
  ['江西', '南昌'],
  ['山东', '济南'],
  ['河南', '郑州'],
  ['湖北', '武汉'],
  ['湖南', '长沙'],
  ['广东', '广州'],
  ['海南', '海口'],
  ['四川', '成都'],
  ['贵州', '贵阳'],
  ['云南', '昆明'],
  ['陕西', '西安'],
  ['甘肃', '兰州'],
  ['青海', '西宁'],
  ['内蒙古', '呼和浩特'],
  ['广西', '南宁'],
  ['西藏', '拉萨'],
  ['宁夏', '银川'],
  ['新疆', '乌鲁木齐'],
  ['台湾', '台北'],
];

export const seedMembers = [
  ['晨曦', '13800138001', 1],
  ['小鹿乱撞', '13800138002', 2],
  ['追风少年', '13800138003', 1],
  ['一只猫', '13800138004', 2],
  ['学无止境', '13800138005', 0],
  ['北方的雪', '13800138006', 1],
  ['安静的海', '13800138007', 2],
  ['刷题达人', '13800138008', 1],
  ['向日葵', '13800138009', 2],
  ['老王', '13800138010', 1],
  ['考证ing', '13800138011', 0],
  ['星星点灯', '13800138012', 2],
] as const;

export const seedTestList = [
  { name: '张三', age: 28, sex: 1, desc: '前端开发，喜欢跑步', lvl: 3, status: 1, mark: '1,2' },
  { name: '李四', age: 32, sex: 1, desc: '后端开发', lvl: 4, status: 1, mark: '2' },
  { name: '王芳', age: 25, sex: 2, desc: '产品经理', lvl: 2, status: 0, mark: '1,3' },
  { name: '赵敏', age: 30, sex: 2, desc: '测试工程师', lvl: 3, status: 1, mark: '3' },
  { name: '孙磊', age: 41, sex: 1, desc: '架构师', lvl: 5, status: 1, mark: '1,2,3' },
  { name: '周婷', age: 27, sex: 2, desc: '设计师', lvl: 2, status: 1, mark: '2,3' },
];
