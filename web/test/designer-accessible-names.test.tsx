import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DesignerWorkspace from '../src/designer/DesignerWorkspace.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { renderWithApp } from './helpers.tsx';
import { startWithEmptyDesigner } from './designer-empty.ts';

/** Issue 31 #8: the designer's 字段名 and 默认值 inputs are named by their labels (a screen reader reads them). */
describe('designer properties', () => {
  beforeEach(async () => {
    startWithEmptyDesigner();
    await setLanguage('zh-CN');
  }, 60_000);

  it('names the 字段名 and 默认值 inputs by their labels', async () => {
    const user = userEvent.setup();
    renderWithApp(<DesignerWorkspace />);
    await user.click(screen.getByTestId('palette-text'));
    const name = screen.getByRole('textbox', { name: '字段名' });
    expect(name).toBe(screen.getByTestId('prop-name'));
    const byDefault = screen.getByRole('textbox', { name: '默认值' });
    expect(screen.getByTestId('prop-defaultValue').contains(byDefault)).toBe(true);
    await user.type(byDefault, 'x');
    expect((byDefault as HTMLInputElement).value).toBe('x');
  }, 60_000);
});
