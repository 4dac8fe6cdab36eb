import { createContext, useContext } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';

/** antd's message API bound to the app's ConfigProvider (theme, locale); see AppProviders. */
export const ToastContext = createContext<MessageInstance | null>(null);

export function useToast(): MessageInstance {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast outside AppProviders');
  return toast;
}
