import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from './types.ts';

/** Show or hide columns; the choice is remembered per page (tablePrefs). */
export function ColumnChooser({ fields, hidden, onChange, onReset }: { fields: FieldDef[]; hidden: string[]; onChange(hidden: string[]): void; onReset(): void }) {
  const { t } = useTranslation();
  const shown = fields.filter((f) => !hidden.includes(f.name)).map((f) => f.name);
  const content = (
    <div className="qb-column-chooser" data-testid="column-chooser">
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
    <Popover content={content} trigger="click" placement="bottomRight" title={t('crud.columns')}>
      <Button icon={<SettingOutlined />} data-testid="toolbar-columns">
        {t('crud.columns')}
      </Button>
    </Popover>
  );
}
