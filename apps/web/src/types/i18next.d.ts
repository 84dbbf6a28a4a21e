// i18n keys are typed from the zh-CN files (the default locale, which every other locale must match,
// see i18n/locales.test.ts): `t('missing.key')` does not compile.
import 'i18next';
import type about from '../i18n/about/zh-CN.json';
import type ai from '../i18n/ai/zh-CN.json';
import type auth from '../i18n/auth/zh-CN.json';
import type common from '../i18n/common/zh-CN.json';
import type community from '../i18n/community/zh-CN.json';
import type errors from '../i18n/errors/zh-CN.json';
import type groups from '../i18n/groups/zh-CN.json';
import type home from '../i18n/home/zh-CN.json';
import type learning from '../i18n/learning/zh-CN.json';
import type moderation from '../i18n/moderation/zh-CN.json';
import type notifications from '../i18n/notifications/zh-CN.json';
import type offline from '../i18n/offline/zh-CN.json';
import type plans from '../i18n/plans/zh-CN.json';
import type profile from '../i18n/profile/zh-CN.json';
import type recall from '../i18n/recall/zh-CN.json';
import type reviews from '../i18n/reviews/zh-CN.json';
import type settings from '../i18n/settings/zh-CN.json';
import type shell from '../i18n/shell/zh-CN.json';
import type social from '../i18n/social/zh-CN.json';
import type trees from '../i18n/trees/zh-CN.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      about: typeof about;
      ai: typeof ai;
      auth: typeof auth;
      common: typeof common;
      community: typeof community;
      errors: typeof errors;
      groups: typeof groups;
      home: typeof home;
      learning: typeof learning;
      moderation: typeof moderation;
      notifications: typeof notifications;
      offline: typeof offline;
      plans: typeof plans;
      profile: typeof profile;
      recall: typeof recall;
      reviews: typeof reviews;
      settings: typeof settings;
      shell: typeof shell;
      social: typeof social;
      trees: typeof trees;
    };
  }
}
