import i18n from './index.ts';
import manageZhCN from './manage.zh-CN.ts';
import manageEnUS from './manage.en-US.ts';

/**
 * The texts behind the login (shell, pages, tables, dialogs), added to the default namespace when the shell's
 * code loads: the login page does not carry them (its JavaScript has a budget, e2e/login.e2e.test.ts).
 */
// deep and overwriting: a hot reload in development replaces the texts
i18n.addResourceBundle('zh-CN', 'translation', manageZhCN, true, true);
i18n.addResourceBundle('en-US', 'translation', manageEnUS, true, true);

export { manageZhCN, manageEnUS };
