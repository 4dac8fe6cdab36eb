import { useState, type FC } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/auth.ts';
import { useToast } from '../app/toast.ts';

/** SPEC.md §9: password minimum length 6 (after trim). */
export const MIN_PASSWORD_LENGTH = 6;

interface PasswordValues {
  oldPass: string;
  newPass: string;
  confirmPass: string;
}

interface PasswordDialogProps {
  open: boolean;
  onClose(): void;
  /** the account's login id: a new password may not be it */
  loginid?: string;
  /**
   * the password was set by an administrator and must change before anything else (docs/security.md, round 3): no
   * cancel, no closing, a way to log out instead
   */
  forced?: { onLogout(): void };
}

export function PasswordDialog({ open, onClose, loginid, forced }: PasswordDialogProps) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      // the typed text is hashed as typed, exactly as the login page will hash it
      await changePassword(values.oldPass, values.newPass);
      void message.success(t('password.success'), 4);
      form.resetFields();
      onClose();
    } catch {
      // the client has shown the server's message (for example a wrong current password)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={forced ? t('password.forcedTitle') : t('password.title')}
      onOk={() => void submit()}
      onCancel={() => {
        if (saving || forced) return;
        form.resetFields();
        onClose();
      }}
      okText={saving ? t('password.saving') : t('password.submit')}
      cancelText={t('password.cancel')}
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'password-submit' } as object) }}
      {...(forced
        ? {
            closable: false,
            keyboard: false,
            footer: (_: unknown, { OkBtn }: { OkBtn: FC }) => (
              <>
                <Button onClick={forced.onLogout} data-testid="password-logout">
                  {t('password.logout')}
                </Button>
                <OkBtn />
              </>
            ),
          }
        : {})}
      mask={{ closable: false }}
      destroyOnHidden
      width={440}
    >
      {forced && <Alert type="warning" showIcon title={t('password.forcedIntro')} style={{ marginTop: 16 }} />}
      <Form<PasswordValues> form={form} layout="vertical" requiredMark style={{ marginTop: 16 }} onFinish={() => void submit()}>
        <Form.Item name="oldPass" label={t('password.oldPass')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPass"
          label={t('password.newPass')}
          rules={[
            { required: true, message: t('password.newRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || value.trim().length >= MIN_PASSWORD_LENGTH ? Promise.resolve() : Promise.reject(new Error(t('password.minLength'))),
            },
            // the server refuses these too (it sees only hashes: the empty text and the login id)
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                if (!value) return Promise.resolve();
                if (loginid && value.trim() === loginid) return Promise.reject(new Error(t('password.sameAsAccount')));
                if (value === getFieldValue('oldPass')) return Promise.reject(new Error(t('password.sameAsOld')));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPass"
          label={t('password.confirmPass')}
          dependencies={['newPass']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPass') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
