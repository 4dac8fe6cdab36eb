import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../src/i18n/index.ts';
import { renderCell } from '../src/crud/cells.tsx';
import { renderWithApp } from './helpers.tsx';

describe('a table image’s preview', () => {
  it('opens over a dimming mask, with its close button below the header and the tag tabs', async () => {
    const cell = renderCell({ name: 'avatar', title: 'avatar' }, 'image', { id: 1, avatar: '/api/file/202611/a.png' }, {}, i18n.t);
    renderWithApp(<div>{cell}</div>);
    fireEvent.click(screen.getByRole('img'));
    const close = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-image-preview-close');
      expect(button).not.toBeNull();
      return button!;
    });
    const mask = document.querySelector('.ant-image-preview-mask')!;
    expect(mask.className).not.toContain('ant-image-preview-mask-hidden');
    // the header is 56 px high and the tag tabs 40 px
    expect(parseFloat(close.style.top)).toBeGreaterThanOrEqual(96);
  });
});
