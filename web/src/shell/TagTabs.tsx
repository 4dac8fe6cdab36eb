import { useEffect, useRef, useState } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from './tagTabs.ts';

/** SPEC.md §9: the tag bar scrolls 240 px per step. */
export const TAG_SCROLL_STEP = 240;

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
      if (key === 'close') onClose(path);
      else if (key === 'closeOthers') onCloseOthers(path);
      else onCloseAll();
    },
  });

  return (
    <div className="qb-tags" data-testid="tag-tabs">
      {overflow && (
        <button type="button" className="qb-tags-btn" aria-label={t('tabs.scrollLeft')} onClick={() => scroll(-1)} data-testid="tags-left">
          <LeftOutlined />
        </button>
      )}
      <div className="qb-tags-track" ref={trackRef} role="tablist" data-testid="tags-track">
        {tabs.map((path) => {
          const active = path === activePath;
          const title = titleOf(path);
          return (
            <Dropdown key={path} trigger={['contextMenu']} menu={tabMenu(path)}>
              <div
                role="tab"
                tabIndex={0}
                aria-selected={active}
                className={`qb-tag${active ? ' qb-tag-active' : ''}`}
                data-path={path}
                title={title}
                onClick={() => onSelect(path)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') onSelect(path);
                }}
                onAuxClick={(e) => {
                  // middle click closes, as in browsers
                  if (e.button === 1 && path !== HOME_PATH) onClose(path);
                }}
              >
                <span className="qb-tag-dot" />
                <span className="qb-tag-title">{title}</span>
                {path !== HOME_PATH && (
                  <span
                    role="button"
                    className="qb-tag-close"
                    aria-label={`${t('tabs.close')} ${title}`}
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
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'closeOthers', label: t('tabs.closeOthers') },
            { key: 'closeAll', label: t('tabs.closeAll') },
          ],
          onClick: ({ key }) => (key === 'closeOthers' ? onCloseOthers(activePath) : onCloseAll()),
        }}
      >
        <button type="button" className="qb-tags-btn qb-tags-more" aria-label={t('tabs.actions')} data-testid="tags-actions">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
