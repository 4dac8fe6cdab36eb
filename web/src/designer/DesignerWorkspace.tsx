import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n/designer.ts';
import { useToast } from '../app/toast.ts';
import { Designer } from './Designer.tsx';
import { useStoredDesigner } from './useDesigner.ts';

/**
 * The form designer as a page body (/manage/layTable's first tab): its state is kept in the browser (restored on
 * open, saved 340 ms after a change; storage.ts). Load it lazily: it brings dnd-kit and the form renderer.
 */
export default function DesignerWorkspace() {
  const { t } = useTranslation();
  const toast = useToast();
  const [state, dispatch, notice] = useStoredDesigner();
  useEffect(() => {
    if (notice === 'dropped') void toast.warning(t('designer.storageDropped'));
    if (notice === 'migrated') void toast.info(t('designer.storageMigrated'));
  }, [notice]); // eslint-disable-line react-hooks/exhaustive-deps -- once, on open
  return <Designer state={state} dispatch={dispatch} height="calc(100vh - 190px)" />;
}
