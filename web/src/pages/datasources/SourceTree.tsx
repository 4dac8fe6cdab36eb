import { useMemo, useState } from 'react';
import { Input, Tag, Tree, type TreeDataNode } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCAL_SOURCE_ID } from '../../api/datasources.ts';

/** SPEC.md §9: the tree's two group nodes. */
export const DEFAULT_NODE_ID = -1;
export const OTHER_NODE_ID = -2;

export interface SourceChoice {
  id: number;
  name: string;
}

interface SourceTreeProps {
  /** the saved connections (sys_connsql) */
  connections: { id: number; name: string; databaseName?: string }[];
  chosen?: SourceChoice;
  onChoose(source: SourceChoice | undefined): void;
}

/**
 * The data sources of the data-table manager: 默认数据源 holding the local database (10000) and 其他数据源 with
 * the saved connections, a keyword filter, and the chosen source as a closable tag.
 */
export function SourceTree({ connections, chosen, onChoose }: SourceTreeProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const localName = t('datasources.tree.local');
  const treeData = useMemo<TreeDataNode[]>(() => {
    const k = keyword.trim().toLowerCase();
    const keep = (name: string) => !k || name.toLowerCase().includes(k);
    const leaf = (id: number, name: string, hint?: string): TreeDataNode => ({
      key: id,
      title: (
        <span data-testid={`source-${id}`} title={hint}>
          {name}
        </span>
      ),
      icon: <DatabaseOutlined />,
      isLeaf: true,
    });
    return [
      { key: DEFAULT_NODE_ID, title: t('datasources.tree.default'), selectable: false, children: keep(localName) ? [leaf(LOCAL_SOURCE_ID, localName)] : [] },
      {
        key: OTHER_NODE_ID,
        title: t('datasources.tree.others'),
        selectable: false,
        children: connections.filter((c) => keep(c.name) || keep(c.databaseName ?? '')).map((c) => leaf(c.id, c.name, c.databaseName)),
      },
    ];
  }, [connections, keyword, localName, t]);

  const nameOf = (id: number) => (id === LOCAL_SOURCE_ID ? localName : (connections.find((c) => c.id === id)?.name ?? String(id)));

  return (
    <div className="qb-source-tree" data-testid="source-tree">
      <Input.Search
        allowClear
        placeholder={t('datasources.tree.filter')}
        aria-label={t('datasources.tree.filter')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className="qb-source-chosen">
        {chosen ? (
          <Tag closable color="blue" onClose={() => onChoose(undefined)} data-testid="source-tag">
            {chosen.name}
          </Tag>
        ) : (
          <span className="qb-source-none">{t('datasources.tree.none')}</span>
        )}
      </div>
      <Tree
        showIcon
        blockNode
        defaultExpandedKeys={[DEFAULT_NODE_ID, OTHER_NODE_ID]}
        selectedKeys={chosen ? [chosen.id] : []}
        treeData={treeData}
        onSelect={(keys) => {
          const id = Number(keys[0]);
          onChoose(keys.length && id > 0 ? { id, name: nameOf(id) } : undefined);
        }}
      />
    </div>
  );
}
