/** Logical column types of the table registry (SPEC.md §3 "Column types offered"), plus the internal ones. */
export const COLUMN_TYPES = ['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Column metadata that GET /api/schema/:flag answers, the web side renders its pages from it. */
export interface ColumnMeta {
  name: string;
  type: ColumnType;
  length?: number;
  required: boolean;
  filterable: boolean;
  sortable: boolean;
  /** a list column stored comma-joined (questionsSmallClass.typeId) */
  list?: boolean;
  /** flag of the table this column points to (memberid -> sys_member) */
  references?: string;
}

export interface TableMeta {
  flag: string;
  softDelete: boolean;
  columns: ColumnMeta[];
}

export interface MenuRow {
  id: number;
  name: string;
  menuType: number;
  icon: string | null;
  menuMark: string | null;
  url: string | null;
  sortNum: number;
  display: number;
  intro: string | null;
  parentMenu: number;
  createTime: string;
}

export interface UserInfo {
  id: number;
  loginid: string;
  name: string;
  photo: string | null;
  sex: number;
  state: number;
  intro: string | null;
  createTime: string;
  roles: number[];
}

export interface CaptchaAnswer {
  /** false when the server runs with CAPTCHA=off: no code is asked for */
  enabled: boolean;
  captchaId: string;
  /** data: URL of an SVG image, 112x33 */
  image: string;
}

export interface LoginRequest {
  loginid: string;
  /** lowercase hex SHA-256 of the typed password */
  pass: string;
  vcode?: string;
  captchaId?: string;
}

export interface LoginAnswer {
  token: string;
  user: UserInfo;
}

export interface DashboardSummary {
  counts: { subjects: number; categories: number; questions: number; members: number };
  /** one entry per day of the last 30 days, oldest first, date as YYYY-MM-DD */
  billFlow: { date: string; income: number; expense: number }[];
}

export interface UploadAnswer {
  path: string;
  oldFileName: string;
}
