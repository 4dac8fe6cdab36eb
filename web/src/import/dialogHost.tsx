import { Fragment, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ConfigProvider, message } from 'antd';
// the same look as the app (shell/AppProviders.tsx)
import { useAppTheme } from '../app/theme.ts';
import zhCNLocale from 'antd/es/locale/zh_CN';
import enUSLocale from 'antd/es/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { getToken } from '../api/token.ts';
import { queryClient } from '../app/queryClient.ts';
import { ToastContext } from '../app/toast.ts';

/**
 * A page's toolbar button only gets an onClick (crud/types.ts ToolbarButton), so the import and export
 * dialogs are shown by this host, a small React root of its own (as antd's Modal.confirm does), with the
 * app's query cache, antd theme and locale, and its own toasts. It closes the dialog when the session ends
 * or the app leaves /manage (the dialog is not part of the page and would otherwise stay over the login page).
 */

export interface HostedDialogProps {
  open: boolean;
  onClose(): void;
  afterClose(): void;
}

type RenderDialog = (props: HostedDialogProps) => ReactNode;

interface HostState {
  dialog?: { key: number; render: RenderDialog };
  open: boolean;
}

const useHostStore = create<HostState>(() => ({ open: false }));
let nextKey = 1;
let host: { root: Root; element: HTMLElement } | undefined;

const WATCH_MS = 500;

export function showDialog(render: RenderDialog) {
  if (!host) {
    const element = document.createElement('div');
    element.className = 'qb-dialog-host';
    document.body.appendChild(element);
    host = { root: createRoot(element), element };
    host.root.render(
      <StrictMode>
        <DialogHost />
      </StrictMode>,
    );
  }
  useHostStore.setState({ dialog: { key: nextKey++, render }, open: true });
}

export function closeDialog() {
  useHostStore.setState({ open: false });
}

/** For tests: take the host out of the document. */
export function unmountDialogHost() {
  host?.root.unmount();
  host?.element.remove();
  host = undefined;
  useHostStore.setState({ dialog: undefined, open: false });
}

function DialogHost() {
  const { i18n } = useTranslation();
  const theme = useAppTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'en-US' ? enUSLocale : zhCNLocale} theme={theme}>
        <HostedDialog />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

function HostedDialog() {
  const [toast, holder] = message.useMessage();
  const { dialog, open } = useHostStore();
  useEffect(() => {
    if (!dialog || !open) return undefined;
    const leftApp = () => {
      if (!getToken() || !window.location.pathname.startsWith('/manage')) closeDialog();
    };
    const timer = setInterval(leftApp, WATCH_MS);
    window.addEventListener('popstate', leftApp);
    return () => {
      clearInterval(timer);
      window.removeEventListener('popstate', leftApp);
    };
  }, [dialog, open]);
  const afterClose = (key: number) => () => {
    if (useHostStore.getState().dialog?.key === key) useHostStore.setState({ dialog: undefined });
  };
  return (
    <ToastContext.Provider value={toast}>
      {holder}
      {dialog && <Fragment key={dialog.key}>{dialog.render({ open, onClose: closeDialog, afterClose: afterClose(dialog.key) })}</Fragment>}
    </ToastContext.Provider>
  );
}
