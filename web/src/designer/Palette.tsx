import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { FormFieldKind } from '@qb/contracts';
import { kindName, PALETTE_GROUPS } from './palette.ts';
import { KindIcon } from './kindIcons.tsx';

/** A palette entry: click or Enter adds the component at the end, a drag drops it where it is let go. */
const PaletteItem = memo(function PaletteItem({ kind, onAdd }: { kind: FormFieldKind; onAdd(kind: FormFieldKind): void }) {
  const { i18n } = useTranslation();
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `palette:${kind}`, data: { kind } });
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // the keyboard sensor starts a drag on Space; Enter adds at the end (a click)
      className={`qb-designer-palette-item${isDragging ? ' is-dragging' : ''}`}
      onClick={() => onAdd(kind)}
      data-testid={`palette-${kind}`}
    >
      <KindIcon kind={kind} />
      <span>{kindName(kind, i18n.language)}</span>
    </button>
  );
});

export const Palette = memo(function Palette({ onAdd }: { onAdd(kind: FormFieldKind): void }) {
  const { t } = useTranslation();
  return (
    <nav className="qb-designer-palette" aria-label={t('designer.paletteLabel')}>
      {PALETTE_GROUPS.map(({ group, kinds }) => (
        <section key={group}>
          <h2 className="qb-designer-palette-title">{t(`designer.groups.${group}`)}</h2>
          <div className="qb-designer-palette-grid">
            {kinds.map((kind) => (
              <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
});
