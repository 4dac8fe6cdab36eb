import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from './zh-CN.ts';
import enUS from './en-US.ts';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** localStorage key of the chosen language; a preference, so logging out keeps it */
export const LANGUAGE_KEY = 'qb.lang';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(lang: Language) {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = i18n.t('app.title');
  }
}

void i18n.use(initReactI18next).init({
  // copies: the texts behind the login are added into these later (i18n/manage.ts), the modules' objects stay as written
  resources: { 'zh-CN': { translation: { ...zhCN } }, 'en-US': { translation: { ...enUS } } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyToDocument(currentLanguage());

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // storage may be unavailable (private mode); the switch still applies to this page
  }
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

export { zhCN, enUS };
export default i18n;
