import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../app/tagTabs.ts';

const HINT_ID = 'qb-tags-hint';

/** After a menu closes (Escape, a choice): the keyboard goes back where it was, unless the focus went somewhere on its own. */
function afterMenu(refocus: () => void) {
  requestAnimationFrame(() => {
    const at = document.activeElement;
    if (!at || at === document.body || at.closest('.ant-dropdown')) refocus();
  });
}

/** SPEC.md §9: the tag bar scrolls 240 px per step. */
export const TAG_SCROLL_STEP = 240;
/** The id of the shell's `main`, which the tabs control and the skip link focuses. */
export const MAIN_ID = 'qb-main';

/** The tab a key moves to from `index` (arrows wrap round, Home and End go to the ends); undefined for other keys. */
export function tabIndexAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

interface TagTabsProps {
  tabs: string[];
  activePath: string;
  titleOf(path: string): string;
  onSelect(path: string): void;
  onClose(path: string): void;
  onCloseOthers(path: string): void;
  onCloseAll(): void;
}

export function TagTabs({ tabs, activePath, titleOf, onSelect, onClose, onCloseOthers, onCloseAll }: TagTabsProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  // the tab the keyboard is on (roving tabindex: only it is in the Tab order), and the tab whose menu is open
  const [focusPath, setFocusPath] = useState<string>();
  const [menuPath, setMenuPath] = useState<string>();
  const actionsRef = useRef<HTMLButtonElement>(null);
  const current = focusPath && tabs.includes(focusPath) ? focusPath : activePath;
  const focusTab = (path: string) => {
    setFocusPath(path);
    const elements = trackRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];
    [...elements].find((el) => el.dataset.path === path)?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>, path: string) => {
    const index = tabs.indexOf(path);
    const to = tabIndexAfterKey(event.key, index, tabs.length);
    if (to !== undefined) {
      event.preventDefault();
      focusTab(tabs[to]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(path);
    } else if (event.key === 'Delete' && path !== HOME_PATH) {
      event.preventDefault();
      // the keyboard stays in the tab list, on the neighbour that takes the closed tab's place
      const next = tabs[index + 1] ?? tabs[index - 1];
      onClose(path);
      if (next) requestAnimationFrame(() => focusTab(next));
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenuPath(path);
    }
  };

  // Overflow is measured by a ResizeObserver on the track and on every tag (it also reports newly observed
  // elements), so it is read after the browser's own layout instead of forcing one while a page opens.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => setOverflow(track.scrollWidth > track.clientWidth + 1);
    if (typeof ResizeObserver === 'undefined') return measure(); // old browsers, jsdom: measure now
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    for (const tag of track.children) observer.observe(tag);
    return () => observer.disconnect();
  }, [tabs, titleOf]);

  // keep the active tag in sight (in the next frame, when the browser lays the page out anyway)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = trackRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
      el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
    // again when the scroll buttons come or go: they change the room the tags have
  }, [activePath, tabs, overflow]);

  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (track) track.scrollLeft += direction * TAG_SCROLL_STEP;
  };

  const tabMenu = (path: string): MenuProps => ({
    items: [
      ...(path === HOME_PATH ? [] : [{ key: 'close', label: t('tabs.close') }]),
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      setMenuPath(undefined);
      if (key === 'close') onClose(path);
      else if (key === 'closeOthers') onCloseOthers(path);
      else onCloseAll();
    },
  });

  return (
    <nav className="qb-tags" aria-label={t('tabs.label')} data-testid="tag-tabs">
      {overflow && (
        <button type="button" className="qb-tags-btn" aria-label={t('tabs.scrollLeft')} onClick={() => scroll(-1)} data-testid="tags-left">
          <LeftOutlined />
        </button>
      )}
      <div className="qb-tags-track" ref={trackRef} role="tablist" aria-label={t('tabs.label')} data-testid="tags-track">
        {tabs.map((path) => {
          const active = path === activePath;
          const title = titleOf(path);
          return (
            <Dropdown
              key={path}
              trigger={['contextMenu']}
              menu={tabMenu(path)}
              open={menuPath === path}
              onOpenChange={(open) => {
                setMenuPath(open ? path : undefined);
                if (!open) afterMenu(() => focusTab(path));
              }}
              autoFocus
            >
              <div
                role="tab"
                tabIndex={path === current ? 0 : -1}
                aria-selected={active}
                aria-controls={active ? MAIN_ID : undefined}
                aria-describedby={HINT_ID}
                className={`qb-tag${active ? ' qb-tag-active' : ''}`}
                data-path={path}
                title={title}
                onClick={() => onSelect(path)}
                onFocus={() => setFocusPath(path)}
                onKeyDown={(e) => onTabKey(e, path)}
                onAuxClick={(e) => {
                  // middle click closes, as in browsers
                  if (e.button === 1 && path !== HOME_PATH) onClose(path);
                }}
              >
                <span className="qb-tag-dot" />
                <span className="qb-tag-title">{title}</span>
                {path !== HOME_PATH && (
                  // for the mouse; the keyboard closes a tab with Delete (a button inside a tab is not allowed)
                  <span
                    className="qb-tag-close"
                    aria-hidden="true"
                    data-testid="tag-close"
                    onClick={(e) => {
                      e.stopPropagation();
                      onClose(path);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {overflow && (
        <button type="button" className="qb-tags-btn" aria-label={t('tabs.scrollRight')} onClick={() => scroll(1)} data-testid="tags-right">
          <RightOutlined />
        </button>
      )}
      <span id={HINT_ID} className="qb-sr-only">
        {t('tabs.keyboardHint')}
      </span>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        autoFocus
        onOpenChange={(open) => !open && afterMenu(() => actionsRef.current?.focus())}
        menu={{
          items: [
            { key: 'closeOthers', label: t('tabs.closeOthers') },
            { key: 'closeAll', label: t('tabs.closeAll') },
          ],
          onClick: ({ key }) => (key === 'closeOthers' ? onCloseOthers(activePath) : onCloseAll()),
        }}
      >
        <button type="button" className="qb-tags-btn qb-tags-more" ref={actionsRef} aria-label={t('tabs.actions')} data-testid="tags-actions">
          <DownOutlined />
        </button>
      </Dropdown>
    </nav>
  );
}
