import type { Texts } from './zh-CN.ts';

/** English texts of the login page. Same keys as zh-CN (test/i18n.logic.test.ts checks that none is missing). */
const enUS: Texts = {
  app: {
    title: 'Question Bank Admin',
    brand: 'Question Bank',
    shortTitle: 'QB',
    loading: 'Loading...',
    formErrors: 'Fields that need attention: {{count}}; each says why below it',
  },
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  http: {
    '400': 'Bad request',
    '401': 'Unauthorized, please log in again',
    '403': 'No access permission, access denied',
    '404': 'Request error, resource not found',
    '405': 'Request method not allowed',
    '408': 'Request timeout',
    '409': 'The data conflicts with what is stored; reload and try again',
    '500': 'Server error',
    '501': 'Network not implemented',
    '502': 'Network error',
    '503': 'Service unavailable',
    '504': 'Network timeout',
    other: 'Connection error {{status}}',
    otherWithMessage: 'Connection error {{status}}: {{message}}',
    noResponse: 'Failed to connect to the server',
    failed: 'The operation failed',
  },
  session: {
    expired: 'Login has expired, please log in again',
  },
  login: {
    heading: 'Welcome, please log in',
    subtitle: 'Questions, categories, members and bills in one place',
    loginid: 'Username',
    password: 'Password',
    vcode: 'Verification code',
    loginidRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    vcodeRequired: 'Please enter the verification code',
    captchaAlt: 'Verification code image, click for a new one',
    captchaRefresh: 'Hard to read? Click the image for a new one',
    captchaFailed: 'Failed to load, click to retry',
    submit: 'Log in',
    submitting: 'Logging in...',
    success: 'Logged in successfully!',
  },
};

export default enUS;
