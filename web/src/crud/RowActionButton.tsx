import type { ReactNode } from 'react';
import { LoadingOutlined } from '@ant-design/icons';

interface RowActionButtonProps {
  children: ReactNode;
  onClick(): void;
  danger?: boolean;
  loading?: boolean;
  'data-testid'?: string;
}

/**
 * A link-style button for the actions column. A table page shows up to 400 rows with two or three of these each;
 * antd's Button (wave effect, context reads, style hooks per instance) made them most of a page's render time, so
 * these are plain buttons styled in crud.css to look like antd's small link buttons.
 */
export function RowActionButton({ children, onClick, danger, loading, 'data-testid': testId }: RowActionButtonProps) {
  return (
    <button
      type="button"
      className={`qb-row-action${danger ? ' qb-row-action-danger' : ''}`}
      disabled={loading}
      aria-busy={loading || undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {loading && <LoadingOutlined className="qb-row-action-spin" />}
      {children}
    </button>
  );
}
