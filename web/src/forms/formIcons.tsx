import type { ReactNode } from 'react';
import type { FormIcon } from '@qb/contracts';
import { MENU_ICON_CHOICES } from '../app/menuIcons.tsx';

const BY_NAME = new Map<string, ReactNode>(MENU_ICON_CHOICES.map((c) => [c.name, c.icon]));

/** The drawn icon of a schema's icon key (prefixIcon, suffixIcon, a button's icon); the names are the menu picker's. */
export function formIconNode(name: FormIcon | undefined): ReactNode | undefined {
  return name ? (
    <span className="qb-form-icon" data-icon={name}>
      {BY_NAME.get(name)}
    </span>
  ) : undefined;
}
