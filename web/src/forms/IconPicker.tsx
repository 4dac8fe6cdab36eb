import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, Space } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormFieldProps } from './types.ts';
import { MENU_ICON_CHOICES, menuIcon } from '../app/menuIcons.tsx';
import './iconPicker.css';

/** Icons per row of the grid (arrow up/down move by a row). */
const COLUMNS = 6;

/**
 * An icon picked from the icons the navigation can render (app/menuIcons.tsx): a button showing the current icon
 * opens a dialog with a search box and a grid of icons. Keyboard: type to filter, Enter picks the first match,
 * Tab/arrow keys move through the grid, Enter/Space picks, Esc closes. Used by the menu page (a crud form control)
 * and the form designer (prefix / suffix / button icons; `ariaLabel` names which one, `testId` tells them apart).
 */
export function IconPicker({ value, onChange, id, ariaLabel, testId = 'icon-picker' }: FormFieldProps & { ariaLabel?: string; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const grid = useRef<HTMLDivElement>(null);
  const name = typeof value === 'string' ? value : '';
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? MENU_ICON_CHOICES.filter((c) => c.name.toLowerCase().includes(q)) : MENU_ICON_CHOICES;
  }, [query]);

  const pick = (icon: string | null) => {
    onChange?.(icon);
    setOpen(false);
    setQuery('');
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key];
    if (!step) return;
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + step))];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Button
          id={id}
          className="qb-icon-picker-value"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={ariaLabel ?? (name ? t('pages.menu.iconOf', { name }) : t('pages.menu.pickIcon'))}
          data-testid={`${testId}-open`}
          block
        >
          {name ? (
            <span className="qb-icon-picker-current">
              {menuIcon(name, false)} <span>{name}</span>
            </span>
          ) : (
            <span className="qb-icon-picker-placeholder">{t('pages.menu.pickIcon')}</span>
          )}
        </Button>
        {name && (
          <Button icon={<CloseCircleOutlined />} onClick={() => onChange?.(null)} aria-label={t('pages.menu.clearIcon')} data-testid={`${testId}-clear`} />
        )}
      </Space.Compact>
      <Modal open={open} title={t('pages.menu.pickIcon')} footer={null} onCancel={() => setOpen(false)} width={520} destroyOnHidden data-testid={testId}>
        <Input.Search
          autoFocus
          allowClear
          value={query}
          placeholder={t('pages.menu.searchIcon')}
          aria-label={t('pages.menu.searchIcon')}
          onChange={(e) => setQuery(e.target.value)}
          onSearch={(_, event) => {
            // Enter picks: without preventDefault its keypress would reach the opener the focus returns to, opening it again
            event?.preventDefault();
            if (matches[0]) pick(matches[0].name);
          }}
          data-testid="icon-picker-search"
        />
        {matches.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.menu.noIconMatch')} />
        ) : (
          <div className="qb-icon-grid" ref={grid} role="group" aria-label={t('pages.menu.pickIcon')} onKeyDown={move} data-testid="icon-picker-grid">
            {matches.map((c) => (
              <button
                key={c.name}
                type="button"
                className={c.name === name ? 'qb-icon-choice qb-icon-choice-on' : 'qb-icon-choice'}
                aria-pressed={c.name === name}
                title={c.name}
                onClick={() => pick(c.name)}
                data-testid={`icon-${c.name}`}
              >
                <span className="qb-icon-choice-glyph">{c.icon}</span>
                <span className="qb-icon-choice-name">{c.name.replace(/Outlined$/, '')}</span>
              </button>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
