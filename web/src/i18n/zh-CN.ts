/**
 * Simplified Chinese, the default language: the texts the login page needs (the rest, behind the login, are in
 * manage.zh-CN.ts and load with the shell). SPEC.md quotes many of these texts; they are kept verbatim.
 */
const zhCN = {
  app: {
    title: '题库管理后台',
    brand: '题库管理后台',
    shortTitle: '题库',
    loading: '加载中...',
    // announced when a form's validation fails (forms/ErrorAnnouncer.tsx): used by every form, the login's too
    formErrors: '有 {{count}} 项需要修改，提示在各项下方',
  },
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  http: {
    '400': '错误请求',
    '401': '未授权，请重新登录',
    '403': '没有权限访问，拒绝访问',
    '404': '请求错误，未找到该资源',
    '405': '请求方法未允许',
    '408': '请求超时',
    '409': '数据冲突，请刷新后重试',
    '500': '服务器端出错',
    '501': '网络未实现',
    '502': '网络错误',
    '503': '服务不可用',
    '504': '网络超时',
    other: '连接错误{{status}}',
    otherWithMessage: '连接错误{{status}}：{{message}}',
    noResponse: '连接服务器失败',
    failed: '操作失败',
  },
  session: {
    expired: '登录已过期，请重新登录',
  },
  login: {
    heading: '欢迎登录',
    subtitle: '题目、分类、会员与账单，一处管理',
    loginid: '用户名',
    password: '密码',
    vcode: '验证码',
    loginidRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    vcodeRequired: '请输入验证码',
    captchaAlt: '验证码图片，点击换一张',
    captchaRefresh: '看不清？点击图片换一张',
    captchaFailed: '加载失败，点击重试',
    submit: '登录',
    submitting: '登录中...',
    success: '登录成功！',
  },
};

export type Texts = typeof zhCN;
export default zhCN;
