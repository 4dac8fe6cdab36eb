import { ownValue } from '@qb/contracts';
import { Image, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { menuIcon } from '../app/menuIcons.tsx';
import type { ColumnKind, FieldDef, Row } from './types.ts';
import type { ReferenceNames } from './useReferenceNames.ts';

/** SPEC.md §9: image previews in the table are 50 px. */
export const IMAGE_PREVIEW_PX = 50;

const DEFAULT_WIDTHS: Record<ColumnKind, number> = { text: 160, image: 80, icon: 120, money: 130, enum: 100, ref: 140, dateTime: 170, html: 220 };

/** How a column shows: the kind its config gives (from the column's type in the metadata), else by its enumeration or reference. */
export function columnKindOf(field: FieldDef): ColumnKind {
  const own = field.column ? field.column.kind : undefined;
  if (own) return own;
  if (field.enum) return 'enum';
  if (field.options) return 'ref';
  return 'text';
}

export function defaultWidthOf(field: FieldDef, kind: ColumnKind): number {
  return (field.column && field.column.width) || DEFAULT_WIDTHS[kind];
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value]);

export function formatMoney(value: unknown): string {
  const n = Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n) ? '' : n.toFixed(2);
}

const htmlTexts = new Map<string, string>();
const HTML_TEXT_CACHE = 2000;

/** Text of rich-text HTML, for a table cell or print (parsed once per distinct text: a table re-renders often). */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  let text = htmlTexts.get(html);
  if (text === undefined) {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (htmlTexts.size >= HTML_TEXT_CACHE) htmlTexts.delete(htmlTexts.keys().next().value!);
    htmlTexts.set(html, text);
  }
  return text;
}

function enumLabel(field: FieldDef, value: unknown): string {
  const option = field.enum?.find((o) => String(o.value) === String(value));
  return option ? option.label : String(value);
}

function refLabel(names: ReferenceNames, field: FieldDef, value: unknown): string {
  const n = Number(value);
  if (!n) return '';
  return ownValue(names, field.name)?.get(String(value)) ?? `#${value}`;
}

/** The plain text of a cell: what print and export show. */
export function cellText(field: FieldDef, kind: ColumnKind, row: Row, names: ReferenceNames): string {
  const value = ownValue(row, field.name);
  if (field.column && field.column.text) return field.column.text(value, row);
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'enum':
      return asList(value)
        .map((v) => enumLabel(field, v))
        .join(', ');
    case 'ref':
      return asList(value)
        .map((v) => refLabel(names, field, v))
        .filter(Boolean)
        .join(', ');
    case 'html':
      return htmlToText(value);
    default:
      return asList(value).map(String).join(', ');
  }
}

const none = <span className="qb-cell-none">—</span>;

/** How a cell shows on screen. */
export function renderCell(field: FieldDef, kind: ColumnKind, row: Row, names: ReferenceNames, t: TFunction) {
  const value = row[field.name];
  if (field.column && field.column.render) return field.column.render(value, row);
  if (asList(value).length === 0 && kind !== 'money') return none;
  switch (kind) {
    case 'image':
      return (
        <Image
          src={String(value)}
          width={IMAGE_PREVIEW_PX}
          height={IMAGE_PREVIEW_PX}
          className="qb-cell-image"
          alt={field.title}
          title={t('crud.preview')}
          // no hover cover on a 50 px thumbnail; the preview keeps its mask (antd 6: mask is the preview's backdrop)
          preview={{ cover: false }}
        />
      );
    case 'icon':
      return (
        <span className="qb-cell-icon">
          {menuIcon(String(value), false)} <span>{String(value)}</span>
        </span>
      );
    case 'money':
      return formatMoney(value) || none;
    case 'enum':
      return asList(value).map((v) => {
        const option = field.enum?.find((o) => String(o.value) === String(v));
        const label = enumLabel(field, v);
        return option?.color ? (
          <Tag key={String(v)} color={option.color} variant="filled">
            {label}
          </Tag>
        ) : (
          <Tag key={String(v)}>{label}</Tag>
        );
      });
    case 'ref': {
      const text = cellText(field, kind, row, names);
      return text ? <span title={text}>{text}</span> : none;
    }
    default: {
      // plain text, cut by the column's CSS ellipsis, with the whole text as its title (antd's measured ellipsis costs a layout per cell)
      const text = cellText(field, kind, row, names);
      return (
        <span className="qb-cell-text" title={text}>
          {text}
        </span>
      );
    }
  }
}
