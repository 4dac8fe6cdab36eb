import {
  BgColorsOutlined,
  BorderOuterOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DownSquareOutlined,
  EditOutlined,
  FieldNumberOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  KeyOutlined,
  NodeIndexOutlined,
  ScheduleOutlined,
  CarryOutOutlined,
  SlidersOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  UploadOutlined,
  CheckCircleOutlined,
  AppstoreAddOutlined,
} from '@ant-design/icons';
import type { FormFieldKind } from '@qb/contracts';
import type { ReactNode } from 'react';

/** The palette's icon of each kind (the reference's tagIcon). */
const KIND_ICONS: Record<FormFieldKind, ReactNode> = {
  text: <FontSizeOutlined />,
  textarea: <FileTextOutlined />,
  password: <KeyOutlined />,
  number: <FieldNumberOutlined />,
  richText: <EditOutlined />,
  select: <DownSquareOutlined />,
  cascader: <NodeIndexOutlined />,
  radio: <CheckCircleOutlined />,
  checkbox: <CheckSquareOutlined />,
  switch: <SwapOutlined />,
  slider: <SlidersOutlined />,
  time: <ClockCircleOutlined />,
  timeRange: <CarryOutOutlined />,
  date: <CalendarOutlined />,
  dateRange: <ScheduleOutlined />,
  rate: <StarOutlined />,
  color: <BgColorsOutlined />,
  upload: <UploadOutlined />,
  row: <BorderOuterOutlined />,
  button: <AppstoreAddOutlined />,
  table: <TableOutlined />,
};

export function KindIcon({ kind }: { kind: FormFieldKind }) {
  return (
    <span className="qb-designer-kind-icon" aria-hidden>
      {KIND_ICONS[kind]}
    </span>
  );
}
