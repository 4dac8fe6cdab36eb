import i18n from './index.ts';
import designerZhCN from './designer.zh-CN.ts';
import designerEnUS from './designer.en-US.ts';

/**
 * The form designer's texts, added to the default namespace when the designer's code loads (its own lazy chunk):
 * neither the login page nor the shell carries them.
 */
i18n.addResourceBundle('zh-CN', 'translation', designerZhCN, true, true);
i18n.addResourceBundle('en-US', 'translation', designerEnUS, true, true);

export { designerZhCN, designerEnUS };
