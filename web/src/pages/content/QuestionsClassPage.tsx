import { TablePage } from '../../crud/TablePage.tsx';
import type { PageOverrides } from '../../crud/configFromMeta.ts';

/** 考题科目: a lazy tree by sortNum; the parent is picked from the subjects in the same order. */
export const questionsClassPage: PageOverrides = {
  key: 'questionsClass',
  flag: 'questionsClass',
  titleKey: 'route.questionsClass',
  fields: { parentId: { options: { sort: 'sortNum' } } },
};

export default function QuestionsClassPage() {
  return <TablePage page={questionsClassPage} />;
}
