import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCNLocale from 'antd/es/locale/zh_CN';
import enUSLocale from 'antd/es/locale/en_US';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configureClient } from '../api/client.ts';
import { queryClient as defaultQueryClient } from '../app/queryClient.ts';
import { useAppTheme } from '../app/theme.ts';
import { ToastContext } from '../app/toast.ts';

/** An image preview's close button sits below the app header (56 px) and the tag tabs (40 px), not over the user menu. */
const IMAGE_CONFIG = { styles: { popup: { close: { top: 56 + 40 + 12 } } } };
/** A failed submit takes the focus to the first field in error, which reads out its message (aria-describedby). */
const FORM_CONFIG = { scrollToFirstError: { focus: true, block: 'nearest' as const } };

/**
 * Query cache, antd theme and locale (following the UI language), and toasts.
 * antd's App component (modal, notification) is left to the shell so the login page stays small.
 */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en-US' ? enUSLocale : zhCNLocale;
  const theme = useAppTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} image={IMAGE_CONFIG} form={FORM_CONFIG}>
        <Toasts>{children}</Toasts>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

function Toasts({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    // same text, same key: the errors of calls that fail together show once
    configureClient({ notifyError: (text) => void api.error({ content: text, key: text }) });
  }, [api]);
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}
