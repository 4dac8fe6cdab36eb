import type { FastifyRequest } from 'fastify';

/** Server messages in both languages; the client's Accept-Language picks one (Chinese by default). */
const messages = {
  sessionExpired: ['登录已过期，请重新登录', 'Login has expired, please log in again'],
  forbidden: ['没有访问权限，拒绝访问', 'No access permission, access denied'],
  notFoundRoute: ['请求错误，未找到该资源', 'Request error, resource not found'],
  badJson: ['请求内容不是合法的 JSON', 'The request body is not valid JSON'],
  badParam: ['参数 {name} 不正确：{reason}', 'Parameter {name} is invalid: {reason}'],
  unknownFlag: ['未知的数据表：{flag}', 'Unknown table: {flag}'],
  unknownColumn: ['数据表 {flag} 没有字段 {column}', 'Table {flag} has no column {column}'],
  notFilterable: ['字段 {column} 不能用于筛选', 'Column {column} cannot be filtered on'],
  notSortable: ['字段 {column} 不能用于排序', 'Column {column} cannot be sorted on'],
  badWheres: ['筛选条件 wheres 格式错误：{reason}', 'The wheres filter is malformed: {reason}'],
  badOperator: ['不支持的筛选运算符：{op}', 'Unsupported filter operator: {op}'],
  badSortType: ['排序方向只能是 asc 或 desc：{value}', 'Sort direction must be asc or desc: {value}'],
  sortMismatch: ['sort 与 sortType 的个数不一致', 'sort and sortType have different numbers of entries'],
  badValue: ['字段 {column} 的值不正确：需要{expected}', 'Value of {column} is invalid: expected {expected}'],
  tooLong: ['字段 {column} 的长度不能超过 {length}', 'Column {column} must be at most {length} characters'],
  required: ['字段 {column} 不能为空', 'Column {column} is required'],
  rowNotFound: ['数据不存在或已删除：{flag} #{id}', 'Row not found or deleted: {flag} #{id}'],
  deletedNotListed: ['已删除的数据不能查询', 'Deleted rows cannot be listed'],
  cannotDeleteSelf: ['不能删除当前登录的账号', 'You cannot delete the account you are signed in with'],
  readOnlyTable: ['数据表 {flag} 不允许此操作', 'This operation is not allowed on {flag}'],
  saved: ['保存成功', 'Saved successfully'],
  deleted: ['删除成功', 'Deleted successfully'],
  loginOk: ['登录成功！', 'Login successful!'],
  loggedOut: ['已退出登录', 'Logged out'],
  captchaWrong: ['验证码错误!', 'Wrong verification code!'],
  captchaMissing: ['请输入验证码', 'Please enter the verification code'],
  loginWrong: ['用户名或密码错误', 'Wrong account or password'],
  accountDisabled: ['该账号已停用', 'This account is disabled'],
  loginLocked: ['登录失败次数过多，请 {minutes} 分钟后再试', 'Too many failed logins, try again in {minutes} minutes'],
  passwordWrong: ['当前密码不正确', 'The current password is wrong'],
  passwordChanged: ['密码已修改，该账号的其他登录已全部退出', 'Password changed; all other sessions of this account were signed out'],
  loginidTaken: ['账号 {loginid} 已存在', 'Account {loginid} already exists'],
  userSaved: ['保存成功', 'Saved successfully'],
  uploadMissing: ['请选择要上传的文件', 'Please choose a file to upload'],
  uploadTooLarge: ['文件过大，最大 {max}', 'The file is too large, at most {max}'],
  uploadBadType: ['文件格式不正确，只允许 {allowed}', 'Wrong file type, only {allowed} allowed'],
  uploadBadContent: ['文件内容与扩展名不符', 'The file content does not match its extension'],
  fileNotFound: ['文件不存在', 'File not found'],
  tooManyRequests: ['请求过于频繁，请稍后再试', 'Too many requests, please try again later'],
  internal: ['服务器内部错误', 'Internal server error'],
  importSubjectMissing: ['请选择题目科目', 'Please select question subject'],
  importCategoryMissing: ['请选择题目分类', 'Please select question category'],
  importFileMissing: ['请上传模板文件', 'Please upload template file'],
  importSubjectOnlyMissing: ['请选择科目', 'Please select subject'],
  importSubjectNotFound: ['题目科目不存在或已删除：#{id}', 'Question subject not found or deleted: #{id}'],
  importCategoryNotFound: ['题目分类不存在或已删除：#{id}', 'Question category not found or deleted: #{id}'],
  importCategoryOtherSubject: ['题目分类 #{id} 不属于科目 #{subject}', 'Category #{id} does not belong to subject #{subject}'],
  importNameTooLong: ['分类名称“{name}”过长，最多 {max} 个字', 'The category name "{name}" is too long, at most {max} characters'],
  importFileNotStored: ['只能导入本系统上传的文件，请先上传文件', 'Only files uploaded to this server can be imported; upload the file first'],
  importFileGone: ['文件不存在，请重新上传', 'The file no longer exists, please upload it again'],
  importBadType: ['请上传 xls、xlsx 或 csv 文件', 'Please upload an xls, xlsx or csv file'],
  importUnzippedTooLarge: ['文件解压后超过 {max}，不予读取', 'The file unpacks to more than {max} and is refused'],
  importTooManyRows: ['文件行数过多，最多 {max} 行', 'The file has too many rows, at most {max}'],
  importTooManyCells: ['文件单元格过多，最多 {max} 个', 'The file has too many cells, at most {max}'],
  importTooComplex: ['文件过大或过于复杂，无法读取', 'The file is too large or too complex to read'],
  importTimeout: ['读取文件超过 {seconds} 秒，请拆分后再导入', 'Reading the file took longer than {seconds} s; split it and try again'],
  importUnreadable: ['无法读取文件，请确认是 xls、xlsx 或 csv 格式', 'The file cannot be read; is it an xls, xlsx or csv file?'],
  importEncrypted: ['文件已加密，请取消密码后再导入', 'The file is password-protected; remove the password and try again'],
  importNoHeader: ['未找到表头：需要 {columns} 列，请使用导入模板', 'No header row found: the columns {columns} are needed; please use the import template'],
  importDuplicateColumn: ['表头中“{column}”列重复', 'The column "{column}" appears twice in the header'],
  importEmpty: ['文件中没有数据', 'The file has no data rows'],
  importRowsInvalid: ['有 {count} 行数据不正确，文件未导入：{first}', '{count} rows are invalid, nothing was imported: {first}'],
  importRowProblem: ['第 {row} 行：{message}', 'row {row}: {message}'],
  importDone: ['导入成功：新增 {inserted} 条，跳过已存在的 {skipped} 条', 'Import successful: {inserted} added, {skipped} already present and skipped'],
  importBusy: ['正在处理其他导入或导出，请稍后再试', 'Other imports or exports are in progress, please try again shortly'],
  importStemMissing: ['缺少题干', 'the stem is missing'],
  importTooLong: ['{column}超过 {max} 个字', '{column} is longer than {max} characters'],
  importOptionGap: ['{column}为空，但后面的选项有内容', '{column} is empty but a later option is filled'],
  importTooFewOptions: ['至少需要两个选项', 'at least two options are needed'],
  importAnswerMissing: ['缺少正确答案', 'the correct answer is missing'],
  importAnswerInvalid: ['正确答案“{value}”应为选项字母，如 A 或 ACD', 'the correct answer "{value}" must be option letters such as A or ACD'],
  importAnswerDuplicate: ['正确答案“{value}”中有重复的字母', 'the correct answer "{value}" repeats a letter'],
  importAnswerNoOption: ['正确答案 {letter} 没有对应的选项', 'the correct answer {letter} names no option'],
  importTypeInvalid: ['题型“{value}”不正确，应为单选、多选或判断', 'the type "{value}" must be 单选, 多选 or 判断'],
  importSingleOneAnswer: ['单选题和判断题只能有一个正确答案', 'a single-choice or true/false question has exactly one correct answer'],
  importMultipleAnswers: ['多选题至少需要两个正确答案', 'a multiple-choice question needs at least two correct answers'],
  importJudgeOptions: ['判断题的选项应为“正确”“错误”', 'the options of a true/false question are 正确 and 错误'],
  importNameMissing: ['缺少分类名称', 'the category name is missing'],
  importSortInvalid: ['排序“{value}”应为整数', 'the sort number "{value}" must be an integer'],
  importIsUpInvalid: ['是否上架“{value}”应为“是”或“否”', 'on shelf "{value}" must be 是 or 否'],
  importParentMissing: ['上级分类“{name}”不存在', 'the parent category "{name}" does not exist'],
  importParentAmbiguous: ['上级分类“{name}”有多个同名分类', 'there are several categories named "{name}"'],
  importParentCycle: ['上级分类“{name}”形成循环', 'the parent category "{name}" makes a cycle'],
  exportScopeMissing: ['请选择题目科目或分类', 'Please select a question subject or category'],
  exportTooMany: ['最多导出 {max} 道题，请缩小范围', 'At most {max} questions can be exported, narrow the selection'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof messages;

/** Fixed words of the `expected` and `reason` parameters, in both languages; names (tables, columns) are never translated. */
const terms: Record<string, readonly [string, string]> = {
  integer: ['整数', 'an integer'],
  number: ['数字', 'a number'],
  text: ['文本', 'text'],
  list: ['列表', 'a list'],
  '0 or 1': ['0 或 1', '0 or 1'],
  required: ['不能为空', 'required'],
  'text expected': ['需要文本', 'text expected'],
  'an object is required': ['需要一个对象', 'an object is required'],
  'a JSON object is required': ['需要一个 JSON 对象', 'a JSON object is required'],
  'a list of objects is required': ['需要一个对象列表', 'a list of objects is required'],
  'SHA-256 hex expected': ['需要 SHA-256 十六进制串', 'SHA-256 hex expected'],
  'a positive integer or a list of them': ['需要正整数或正整数列表', 'a positive integer or a list of them'],
  'an id': ['需要一个 id', 'an id'],
  'not JSON': ['不是合法的 JSON', 'not JSON'],
  'not an object': ['需要一个 JSON 对象', 'not an object'],
  'too long': ['内容过长', 'too long'],
  'at most 5 columns': ['最多 5 个字段', 'at most 5 columns'],
  'at most 1000 rows': ['最多 1000 行', 'at most 1000 rows'],
  'at most 100 names': ['最多 100 个名称', 'at most 100 names'],
  'JSON expected': ['需要 JSON', 'JSON expected'],
  'the file field is files': ['文件字段名应为 files', 'the file field is files'],
};
const TRANSLATED_PARAMS = new Set(['expected', 'reason']);

export function prefersEnglish(req: Pick<FastifyRequest, 'headers'>): boolean {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || header === '') return false;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en');
}

export function translate(req: Pick<FastifyRequest, 'headers'>, key: MessageKey, params: Record<string, string | number> = {}): string {
  const lang = prefersEnglish(req) ? 1 : 0;
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    const term = TRANSLATED_PARAMS.has(name) && typeof value === 'string' && Object.hasOwn(terms, value) ? terms[value] : undefined;
    return term ? term[lang] : String(value);
  });
}
