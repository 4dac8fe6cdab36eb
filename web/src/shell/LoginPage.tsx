import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined, GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaptchaAnswer } from '@qb/contracts';
import { fetchCaptcha, login, logout } from '../api/auth.ts';
import { clearToken, getToken, setToken } from '../api/token.ts';
import { setLanguage, currentLanguage } from '../i18n/index.ts';
import { useErrorAnnouncer } from '../forms/ErrorAnnouncer.tsx';
import { queryKeys } from '../app/queryClient.ts';
import { useDirtyStore, useTabsStore } from '../app/stores.ts';
import { useToast } from '../app/toast.ts';
import './login.css';

/** SPEC.md §4: 登录成功！ shows for 1.5 s before the app moves on. */
export const LOGIN_SUCCESS_DELAY_MS = 1_500;

interface LoginValues {
  loginid: string;
  password: string;
  vcode?: string;
}

type CaptchaState = { state: 'loading' } | { state: 'ready'; captcha: CaptchaAnswer } | { state: 'failed' };

/** Visiting the login page ends what was stored of the last session (token, tabs, cached answers); preferences stay. */
function useClearStoredSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (getToken()) void logout().catch(() => undefined);
    clearToken();
    useTabsStore.getState().reset();
    useDirtyStore.setState({ dirty: {} });
    queryClient.clear();
  }, [queryClient]);
}

export default function LoginPage() {
  const { t } = useTranslation();
  const message = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginValues>();
  const announcer = useErrorAnnouncer();
  const [loading, setLoading] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ state: 'loading' });
  const successTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useClearStoredSession();
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  const refreshCaptcha = useCallback(async () => {
    setCaptcha({ state: 'loading' });
    try {
      setCaptcha({ state: 'ready', captcha: await fetchCaptcha() });
    } catch {
      setCaptcha({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
    return () => clearTimeout(successTimer.current);
  }, [refreshCaptcha]);

  // until the server says otherwise, assume a code is asked for
  const captchaEnabled = captcha.state !== 'ready' || captcha.captcha.enabled;

  const onFinish = async (values: LoginValues) => {
    setLoading(true);
    try {
      const result = await login({
        loginid: values.loginid.trim(),
        password: values.password,
        ...(captchaEnabled ? { vcode: (values.vcode ?? '').trim(), captchaId: captcha.state === 'ready' ? captcha.captcha.captchaId : '' } : {}),
      });
      // the errors of earlier tries (用户名或密码错误, 验证码错误!) are over: 登录成功！ shows alone
      message.destroy();
      void message.success(t('login.success'), LOGIN_SUCCESS_DELAY_MS / 1000);
      successTimer.current = setTimeout(() => {
        setToken(result.token);
        if (result.user) queryClient.setQueryData(queryKeys.userInfo, result.user);
        void navigate('/manage', { replace: true });
      }, LOGIN_SUCCESS_DELAY_MS);
    } catch {
      // the client has shown the server's message; a used captcha is not valid twice
      setLoading(false);
      if (captchaEnabled) {
        form.setFieldValue('vcode', '');
        void refreshCaptcha();
      }
    }
  };

  const otherLanguage = currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN';

  return (
    <main className="qb-login">
      <Button className="qb-login-lang" type="text" icon={<GlobalOutlined />} onClick={() => void setLanguage(otherLanguage)} data-testid="login-language">
        {t(`language.${otherLanguage}`)}
      </Button>
      <div className="qb-login-card">
        <div className="qb-login-brand">
          <div className="qb-login-logo" aria-hidden>
            {t('app.shortTitle')}
          </div>
          <h1>{t('app.title')}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
        <div className="qb-login-form">
          <h2>{t('login.heading')}</h2>
          <Form<LoginValues> form={form} size="large" onFinish={onFinish} onFieldsChange={announcer.onFieldsChange} autoComplete="off" requiredMark={false}>
            <Form.Item name="loginid" rules={[{ required: true, whitespace: true, message: t('login.loginidRequired') }]}>
              <Input prefix={<UserOutlined />} placeholder={t('login.loginid')} aria-label={t('login.loginid')} autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" />
            </Form.Item>
            {captchaEnabled && (
              <Form.Item>
                <div className="qb-login-captcha-row">
                  <Form.Item name="vcode" noStyle rules={[{ required: true, whitespace: true, message: t('login.vcodeRequired') }]}>
                    <Input prefix={<SafetyOutlined />} placeholder={t('login.vcode')} aria-label={t('login.vcode')} maxLength={8} inputMode="numeric" />
                  </Form.Item>
                  <button
                    type="button"
                    className="qb-login-captcha"
                    title={t('login.captchaRefresh')}
                    aria-label={t('login.captchaAlt')}
                    onClick={() => void refreshCaptcha()}
                    data-testid="captcha"
                  >
                    {captcha.state === 'ready' && <img src={captcha.captcha.image} alt={t('login.captchaAlt')} width={112} height={33} />}
                    {captcha.state === 'failed' && <span>{t('login.captchaFailed')}</span>}
                  </button>
                </div>
              </Form.Item>
            )}
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
                {loading ? t('login.submitting') : t('login.submit')}
              </Button>
            </Form.Item>
            {announcer.region}
          </Form>
        </div>
      </div>
    </main>
  );
}
