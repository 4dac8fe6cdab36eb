/**
 * The calls of the scoped access matrix (access-matrix-scoped.test.ts): for every route of the API (the contracts'
 * `endpoints`, a Record over their names, so that a new route does not type-check until it is given its calls here),
 * the requests a row-filtered role (the 申论 editor: 题库 with parentId = subject A) and a field-limited role (the
 * assistant: 小程序用户管理 with phone hidden, gender read-only) make naming what they must not see: the outside
 * question's id, a filter or search on its text, its subject, the hidden column in wheres, sorts, export columns,
 * import matching, a deleted outside row, a revision of it. A call with a `twin` is made again naming nothing (a
 * missing id, a missing column): both answers must read the same (no existence oracle).
 */
import { api, endpoints, type EndpointName, type RouteOf } from '@qb/contracts/schemas';
import { sha } from './helpers.ts';

export type Who = 'editor' | 'assistant';

/** What the test set up (ids of the database it runs on). */
export interface Fixture {
  subjectA: number;
  subjectB: number;
  categoryA: number;
  categoryB: number;
  inside: number[];
  outside: number[];
  /** an outside question the administrator deleted */
  deletedOutside: number;
  /** a revision (operation-log entry) of outside[0] */
  outsideRevision: number;
  member: number;
  /** a member the administrator deleted (its phone starts as the member's) */
  deletedMember: number;
  /** a revision of the member whose phone was another */
  memberRevision: number;
  /** an id no row has */
  missing: number;
  questionMenu: number;
  memberMenu: number;
  roleId: Record<Who, number>;
  userId: Record<Who, number>;
  password: Record<Who, string>;
  /** uploaded files: questions (the stem of the outside question without marker), categories, members (a phone column) */
  questionFile: string;
  categoryFile: string;
  memberFile: string;
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** the same call naming nothing that exists: its answer must read the same */
  twin?: { url: string; body?: unknown };
  /** (a read) the administrator's answer to it holds a marker: the probe would see a leak */
  bites?: true;
  /** the call ends the session it is made with: made with a session of its own */
  ownSession?: true;
  /** a further check of the answer: a problem's text, or nothing */
  check?: (status: number, json: any, now: { inside: number }) => string | undefined;
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
const get = (name: EndpointName, params: Record<string, unknown> = {}): Call => ({
  method: 'GET',
  url: `${endpoints[name].url}${Object.keys(params).length ? `?${query(params)}` : ''}`,
});
const post = (name: EndpointName, body: unknown = {}): Call => ({ method: 'POST', url: endpoints[name].url, body });
/** a call and its twin: the same call with `missing` where `outside` was */
const twinned = (call: Call, make: (id: unknown) => Call, missing: unknown): Call => {
  const other = make(missing);
  return { ...call, twin: { url: other.url, body: other.body } };
};
const with404 = (make: (id: unknown) => Call, outside: unknown, missing: unknown): Call => twinned(make(outside), make, missing);
const status =
  (...expected: number[]) =>
  (s: number) =>
    expected.includes(s) ? undefined : `status ${s}, expected ${expected.join(' or ')}`;
const total =
  (n?: number) =>
  (s: number, json: any, now: { inside: number }): string | undefined => {
    const expected = n ?? now.inside;
    return s === 200 && json.total === expected ? undefined : `status ${s}, total ${json?.total}, expected ${expected}`;
  };
/** a route the role holds no grant for (administrators', data sources', forms'): refused */
const admin = (c: Call): Call => ({ ...c, check: status(403) });

/** The pages each role is granted (besides them, a role holds none): the test's grants. */
export const HELD_PAGES: Record<Who, string[]> = { editor: ['/manage/questionBank', '/manage/home'], assistant: ['/manage/member', '/manage/home'] };

/** The calls whose declaration says who may make them (`access`, or `public`): probed by their bare call unless written below. */
type SaysItsAccess<K extends EndpointName> = RouteOf<K> extends { access: string } | { public: true } ? K : never;
/** The calls of the matrix: every call that does not say its access by itself must be written (the type checker says so). */
export type MatrixCalls = { [K in Exclude<EndpointName, { [N in EndpointName]: SaysItsAccess<N> }[EndpointName]>]: Call[] } & { [K in EndpointName]?: Call[] };

/**
 * The bare call (no query, an empty body) of every call whose declaration says who may make it, and what the role must
 * get from it: a call for a page the role is not granted is refused (403), so a handler that forgets its check fails
 * the matrix; a call for the signed-in caller or a public one answers without 5xx and without a marker. A call the role
 * may make on a page it holds, or with a parameter in its path, can't be probed bare: a problem, until its probes are written.
 */
export function declaredCalls(who: Who): { calls: Partial<Record<EndpointName, Call[]>>; problems: string[] } {
  const calls: Partial<Record<EndpointName, Call[]>> = {};
  const problems: string[] = [];
  for (const name of Object.keys(api) as EndpointName[]) {
    const { method, path, access } = api[name] as RouteOf<EndpointName> & { access?: string; public?: true };
    const page = access?.startsWith('page:') ? access.slice('page:'.length) : undefined;
    if (!access && !('public' in api[name])) continue;
    if (path.includes(':')) problems.push(`${name}: a parameter in its path (${path}): write its probes in access-matrix-scoped-calls.ts`);
    else if (page && HELD_PAGES[who].includes(page))
      problems.push(`${name}: for ${page}, which the ${who} holds: write its probes in access-matrix-scoped-calls.ts`);
    else calls[name] = [page ? admin(method === 'GET' ? get(name) : post(name)) : method === 'GET' ? get(name) : post(name)];
  }
  return { calls, problems };
}

/** Every route × the calls of a role. `flag` is the role's table, `id` the row it must not see or the row whose column it must not read. */
export function callsOf(f: Fixture, who: Who): MatrixCalls {
  const editor = who === 'editor';
  const flag = editor ? 'questionBank' : 'sys_member';
  const id = editor ? f.outside[0]! : f.member;
  const nowhere = editor ? { parentId: f.subjectB } : { phone: '13912340001' };
  const noColumn = { nocolumn: '13912340001' };
  // the assistant's table described without the hidden column
  const noPhoneColumn =
    (columnsOf: (json: any) => { name: string }[] | undefined) =>
    (s: number, json: any): string | undefined =>
      editor || (s === 200 && columnsOf(json)?.length && !columnsOf(json)!.some((c) => c.name === 'phone'))
        ? undefined
        : `status ${s}, the phone column described`;
  const phoneless = (_s: number, json: any): string | undefined =>
    json.data.fields.phone || json.data.revisions.some((r: { changes: unknown[] }) => r.changes.length === 0)
      ? `the phone's revisions: ${JSON.stringify(json.data.revisions)}`
      : undefined;
  // an id twin only for the editor: the assistant's member is a row it sees (a missing one answers otherwise, rightly)
  const byId = (make: (x: unknown) => Call, x: unknown): Call => (editor ? with404(make, x, f.missing) : make(x));
  const rowIdCall = (name: 'history' | 'undelete') => (x: unknown) =>
    name === 'history' ? get('history', { _flag: flag, id: x }) : post('undelete', { _flag: flag, id: x });
  return {
    captcha: [get('captcha')],
    login: [post('login', { loginid: who, pass: sha(f.password[who]) })],
    logout: [{ ...post('logout'), ownSession: true }],
    changePassword: [post('changePassword', { oldPass: sha('wrong'), newPass: sha('Another-pass-9') })],
    userList: [admin(get('userList', { wheres: { id: f.userId.assistant } }))],
    userSave: [admin(post('userSave', { params: { id: f.userId[who], name: 'x' } }))],
    roleGrants: [admin(get('roleGrants', { roleId: f.roleId[who] }))],
    saveRoleGrants: [admin(post('saveRoleGrants', { roleId: f.roleId[who], grants: [] }))],
    userRoles: [admin(get('userRoles', { id: f.userId[who] }))],
    saveUserRoles: [admin(post('saveUserRoles', { id: f.userId[who], roleIds: [] }))],
    resetPassword: [admin(post('resetPassword', { id: f.userId[who] }))],
    endSession: [admin(post('endSession', { id: 1 }))],
    select: [
      { ...get('select', { _flag: flag, row: 100 }), check: editor ? total() : status(200), bites: true },
      { ...get('select', { _flag: flag, row: 1, page: 2, sort: 'name', sortType: 'desc' }), check: editor ? total() : status(200) },
      { ...get('select', { _flag: flag, row: 20, page: 100_000 }), check: status(200) },
      // a page of more than 2,000 rows is written as it is read (chunked); a sort on a reference and a negative filter
      { ...get('select', { _flag: flag, row: 5000 }), check: editor ? total() : status(200) },
      { ...get('select', { _flag: flag, row: 50, sort: editor ? 'parentId,typeId' : 'gender', sortType: 'desc' }), check: editor ? total() : status(200) },
      { ...get('select', { _flag: flag, wheres: { id: { type: 'notIn', value: [f.missing] } } }), check: editor ? total() : status(200) },
      ...(editor
        ? [
            { ...get('select', { _flag: flag, wheres: { id } }), check: total(0) },
            { ...get('select', { _flag: flag, wheres: { parentId: f.subjectB } }), check: total(0) },
            { ...get('select', { _flag: flag, wheres: { name: { type: 'like', value: 'OUTMARK' } } }), check: total(0) },
            { ...get('select', { _flag: flag, wheres: { name: { type: 'like', value: 'OUTMARK-ZQX-0 外面的题' } } }), check: total(0) },
            { ...get('select', { _flag: flag, wheres: { typeId: f.categoryB } }), check: total(0) },
          ]
        : [
            with404((c) => get('select', { _flag: flag, wheres: c }), nowhere, noColumn),
            with404((c) => get('select', { _flag: flag, sort: c }), 'phone', 'nocolumn'),
            with404((c) => get('select', { _flag: flag, wheres: { id, [c as string]: { type: 'like', value: '139' } } }), 'phone', 'nocolumn'),
          ]),
      // option lists: the tables a dropdown of the page reads
      get('select', { _flag: 'questionsClass', row: 100 }),
      get('select', { _flag: 'questionsSmallClass', row: 100 }),
      get('select', { _flag: 'questionsSmallClass', row: 100, _hasChildren: 'parentId' }),
    ],
    save: [
      byId((x) => post('save', { _flag: flag, params: { id: x, name: '改了' } }), id),
      byId((x) => post('save', { _flag: flag, params: { id: x, name: '改了', _version: 'v0' } }), id),
      ...(editor
        ? [{ ...post('save', { _flag: flag, params: { parentId: f.subjectB, typeId: f.categoryB, name: '别处的新题' } }), check: status(403) }]
        : [with404((c) => post('save', { _flag: flag, params: { id, [c as string]: '13900000000' } }), 'phone', 'nocolumn')]),
    ],
    delete: editor
      ? [
          byId((x) => post('delete', { _flag: flag, id: x }), id),
          byId((x) => post('delete', { _flag: flag, id: x, _version: 'v0' }), id),
          byId((x) => post('delete', { _flag: flag, id: [f.inside[0], x] }), id),
          byId((x) => post('delete', { _flag: flag, id: `${f.inside[0]},${x}` }), id),
        ]
      : // a version the row has not: refused with the row as it is (409), without its phone; the member stays
        [{ ...post('delete', { _flag: flag, id, _version: 'v0' }), check: status(409) }],
    masterSlave: [
      post('masterSlave', {
        _flag: 'questionsClass',
        _flagChidren: 'questionBank',
        bindField: 'parentId',
        mainData: { id: f.subjectB },
        chidrenData: [{ id: f.outside[0], name: '改了' }],
      }),
      post('masterSlave', { _flag: 'sys_member', _flagChidren: 'userBillFlow', bindField: 'userId', mainData: { id: f.member, phone: '13900000000' } }),
    ],
    menuLayout: [get('menuLayout', { menuId: editor ? f.questionMenu : f.memberMenu })],
    exportTable: [
      { ...get('exportTable', { _flag: flag, format: 'csv' }), bites: true },
      { ...get('exportTable', { _flag: flag, format: 'xlsx' }), bites: true },
      ...(editor
        ? [
            get('exportTable', { _flag: flag, format: 'csv', wheres: { id } }),
            get('exportTable', { _flag: flag, format: 'xlsx', wheres: { parentId: f.subjectB }, columns: [{ name: 'name', title: '题目' }] }),
            // an inside question's text that is the outside question's id, exported as a reference to the questions
            {
              ...get('exportTable', { _flag: flag, format: 'csv', columns: [{ name: 'correctOptions', title: 'x', ref: { flag, labelField: 'name' } }] }),
              bites: true as const,
            },
          ]
        : [
            with404((c) => get('exportTable', { _flag: flag, format: 'csv', columns: [{ name: c, title: 'p' }] }), 'phone', 'nocolumn'),
            with404((c) => get('exportTable', { _flag: flag, format: 'csv', wheres: { [c as string]: '13912340001' } }), 'phone', 'nocolumn'),
            with404(
              (c) => get('exportTable', { _flag: flag, format: 'csv', columns: [{ name: 'id', title: 'x', ref: { flag, labelField: c } }] }),
              'phone',
              'nocolumn',
            ),
          ]),
    ],
    schemaList: [{ ...get('schemaList'), check: noPhoneColumn((json) => json.data.find((m: { flag: string }) => m.flag === flag)?.columns) }],
    schema: [
      { method: 'GET', url: endpoints.schema.url.replace(':flag', flag), check: noPhoneColumn((json) => json.data.columns) },
      { method: 'GET', url: endpoints.schema.url.replace(':flag', 'questionsClass') },
    ],
    upload: [post('upload', {})],
    uploadOss: [post('uploadOss', {})],
    selectAddTypes: [post('selectAddTypes', { parentId: f.subjectB, fileName: '外面的分类.xlsx' })],
    importQuestions: [
      { ...post('importQuestions', { fileUrl: f.questionFile, parentId: f.subjectB, typeId: f.categoryB }), check: status(403) },
      // a stem the same as an outside question's (of category B): never skipped as already present
      ...[f.categoryA, f.categoryB].map((typeId) => ({
        ...post('importQuestions', { fileUrl: f.questionFile, parentId: f.subjectA, typeId }),
        check: (s: number, json: any) => (editor && s === 200 && json.data.skipped !== 0 ? `skipped: ${JSON.stringify(json.data)}` : undefined),
      })),
    ],
    importCategories: [post('importCategories', { fileUrl: f.categoryFile, subjectId: f.subjectB })],
    template: [get('template', { kind: 'question' }), get('template', { kind: 'category', format: 'xls' })],
    exportQuestions: [
      get('exportQuestions'),
      { ...get('exportQuestions', { parentId: f.subjectB }), ...(editor && { bites: true as const }) },
      { ...get('exportQuestions', { typeId: f.categoryB }), ...(editor && { bites: true as const }) },
    ],
    importTable: [
      post('importTable', { _flag: flag, fileUrl: f.memberFile, mode: 'update', keyColumn: 'id' }),
      with404((c) => post('importTable', { _flag: flag, fileUrl: f.memberFile, mode: 'update', keyColumn: c }), 'phone', 'nocolumn'),
      post('importTable', { _flag: flag, fileUrl: f.memberFile }),
    ],
    tableTemplate: [get('tableTemplate', { _flag: flag }), get('tableTemplate', { _flag: flag, format: 'xls' })],
    tableImportOptions: [
      {
        ...get('tableImportOptions', { _flag: flag }),
        check: (_s, json) =>
          JSON.stringify(json.data ?? {}).includes('"phone"') && !editor ? `names the hidden column: ${JSON.stringify(json.data)}` : undefined,
      },
    ],
    history: [
      // the administrator's write of the phone alone is no revision to the assistant (not even its time and author)
      { ...byId(rowIdCall('history'), id), bites: true, check: editor ? undefined : phoneless },
      byId(rowIdCall('history'), editor ? f.deletedOutside : f.deletedMember),
    ],
    deletedRows: [
      {
        ...get('deletedRows', { _flag: flag, row: 100 }),
        ...(editor && { bites: true as const }),
        check: (s, json) => (s === 200 && json.total === json.data.length ? undefined : `status ${s}, total ${json?.total} for ${json?.data?.length} rows`),
      },
    ],
    restore: [
      byId((x) => post('restore', { _flag: flag, id: x, revision: editor ? f.outsideRevision : f.memberRevision }), id),
      ...(editor
        ? []
        : [
            {
              ...post('restore', { _flag: flag, id, revision: f.memberRevision }),
              check: (_s: number, json: any) => (json.data?.columns?.includes('phone') ? 'wrote the phone' : undefined),
            },
          ]),
    ],
    undelete: [
      byId(rowIdCall('undelete'), editor ? f.deletedOutside : id),
      ...(editor ? [] : [rowIdCall('history')(f.deletedMember), rowIdCall('undelete')(f.deletedMember)]),
    ],
    // the data sources' and forms' routes need grants on their own tables (sys_dataSheet, sys_menu, sys_layTable)
    testConnection: [
      admin(post('testConnection', { id: 10000, sqlType: 5, mainAddr: '', databaseName: 'x.db', databaseUser: '' })),
      admin(post('testConnection', { sqlType: 2, mainAddr: '127.0.0.1', port: 3306, databaseName: 'test', databaseUser: 'root' })),
    ],
    createSqlTable: [admin(post('createSqlTable', { id: 1, preview: true }))],
    sourceTables: [admin(get('sourceTables', { sourceId: 10000 }))],
    readBack: [admin(post('readBack', { sourceId: 10000, tableName: 'questionBank' }))],
    generateMenu: [admin(post('generateMenu', { sheetId: 1 }))],
    formTable: [admin(post('formTable', { id: 1, preview: true }))],
    dashboard: [
      {
        ...get('dashboard'),
        check: (s, json, now) =>
          editor && (s !== 200 || json.data.counts.questions !== now.inside) ? `questions counted: ${JSON.stringify(json.data?.counts)}` : undefined,
      },
    ],
    health: [get('health')],
    healthReady: [get('healthReady')],
    openApi: [get('openApi')],
  };
}
