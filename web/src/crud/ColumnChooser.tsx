import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from './types.ts';

/**
 * Show or hide columns; the choice is remembered per page (tablePrefs). For the keyboard: opening the list moves
 * the focus to its first box (the popover is rendered at the end of the page, out of the Tab order's way), and
 * Escape closes it and gives the focus back to the button.
 */
export function ColumnChooser({
  fields,
  hidden,
  onChange,
  onReset,
}: {
  fields: FieldDef[];
  hidden: string[];
  onChange(hidden: string[]): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => contentRef.current?.querySelector<HTMLElement>('input, button')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const shown = fields.filter((f) => !hidden.includes(f.name)).map((f) => f.name);
  const content = (
    <div className="qb-column-chooser" data-testid="column-chooser" ref={contentRef} onKeyDown={onKeyDown} role="group" aria-label={t('crud.columns')}>
      <Checkbox.Group
        value={shown}
        onChange={(values) => {
          // at least one column stays, or the table would be empty
          if (values.length === 0) return;
          onChange(fields.map((f) => f.name).filter((n) => !values.includes(n)));
        }}
        options={fields.map((f) => ({ value: f.name, label: f.title }))}
      />
      <Button size="small" type="link" onClick={onReset} className="qb-column-reset">
        {t('crud.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('crud.columns')} open={open} onOpenChange={setOpen}>
      <Button icon={<SettingOutlined />} data-testid="toolbar-columns" ref={buttonRef} aria-expanded={open} aria-haspopup="true">
        {t('crud.columns')}
      </Button>
    </Popover>
  );
}
