import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message, User } from '@voltpark/contract';
import { apiRoutes, callApi, callApiEnvelope, notify } from '@/shared/api';
import { setLanguage, type Lang } from '@/shared/i18n';
import { authHeader, loadUser, logout, useSession } from '@/shared/session';
import { ConfirmDialog, NewPasswordFields, PageFrame, PhoneField } from '@/shared/ui';
import {
  displayPhone,
  emailRule,
  focusFirstError,
  MAX_TEXT,
  newPasswordRule,
  parsePhone,
  repeatRule,
  required,
  splitMessages,
} from './rules';
import { FormMessages } from './ui';

export interface ProfileValues {
  email: string;
  phone: string;
  lang: Lang;
  oldPassword: string;
  password: string;
  password2: string;
}

const ORDER = ['email', 'phone', 'lang', 'oldPassword', 'password', 'password2'] as const;

/** E-mail is editable only for social accounts without a password (SPEC §5 Profile). */
export function emailEditable(
  user: Pick<User, 'hasPassword' | 'usedApple' | 'usedFacebook' | 'usedGoogle'>,
) {
  return !user.hasPassword && (user.usedApple || user.usedFacebook || user.usedGoogle);
}

/** The client rules of the profile form (SPEC §5); i18n keys of the failing fields. */
export function validateProfile(
  v: ProfileValues,
  user: Pick<User, 'hasPassword' | 'usedApple' | 'usedFacebook' | 'usedGoogle'>,
): Record<string, string> {
  const errs: Record<string, string | null> = {};
  if (emailEditable(user) && v.email.trim()) errs.email = emailRule(v.email);
  const p = parsePhone(v.phone, true);
  errs.phone = p.ok ? null : p.error;
  const changing = v.password !== '' || v.password2 !== '';
  if (changing) {
    errs.password = newPasswordRule(v.password);
    errs.password2 = repeatRule(v.password, v.password2);
    if (user.hasPassword) errs.oldPassword = required(v.oldPassword);
  }
  if (v.oldPassword.length > MAX_TEXT) errs.oldPassword = 'form.tooLong';
  return Object.fromEntries(Object.entries(errs).filter(([, e]) => e)) as Record<string, string>;
}

/** Downloads GET personal-data-export with the session's header (a plain link cannot send it). */
async function downloadMyData(): Promise<void> {
  const auth = authHeader();
  const res = await fetch(apiRoutes.personalDataExport.path, {
    headers: auth ? { Authorization: auth } : {},
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'voltpark-my-data.json';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The profile form. In the welcome wizard (`wizard`) cancel, data export and delete are hidden
 * (SPEC §2 Profile) and a save does not log out: `onSaved` continues the wizard.
 */
export function ProfileForm({
  user,
  wizard = false,
  onSaved,
}: {
  user: User;
  wizard?: boolean;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial: ProfileValues = {
    email: user.email,
    phone: displayPhone(user.phone),
    lang: user.preferedLanguage,
    oldPassword: '',
    password: '',
    password2: '',
  };
  const [v, setV] = useState<ProfileValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canEditEmail = emailEditable(user);
  const set =
    <K extends keyof ProfileValues>(k: K) =>
    (value: ProfileValues[K]) =>
      setV((o) => ({ ...o, [k]: value }));

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const keys = validateProfile(v, user);
    // SPEC §5 E-mail: an invalid address is cleared.
    if (keys.email === 'form.email') setV((o) => ({ ...o, email: '' }));
    const errs = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirstError(ORDER, errs);
      return;
    }
    const phone = parsePhone(v.phone);
    setSubmitting(true);
    try {
      const env = await callApiEnvelope(apiRoutes.userUpdate, {
        body: {
          phone: phone.ok ? phone.value : v.phone.trim(),
          lang: v.lang,
          ...(canEditEmail ? { email: v.email.trim() } : {}),
          ...(v.password
            ? {
                password: v.password,
                password2: v.password2,
                ...(user.hasPassword ? { oldPassword: v.oldPassword } : {}),
              }
            : {}),
        },
        inlineErrors: true,
      });
      const msgs = env.messages;
      if (msgs.some((m) => m.severity === 'error')) {
        setGeneral(msgs);
        return;
      }
      if (wizard) {
        await setLanguage(v.lang);
        onSaved?.();
        return;
      }
      // SPEC §4 Profile: the language is set and stored; then the user logs out (server call).
      // To /login first: logging out on /me would let the login guard win the race with its
      // "login needed" notice instead of "saved".
      await navigate('/login', { replace: true, state: { profileSaved: true } });
      await logout();
      await setLanguage(v.lang);
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      setErrors(fields);
      setGeneral(g);
      focusFirstError(ORDER, fields);
    } finally {
      setSubmitting(false);
    }
  };

  const onDelete = async () => {
    try {
      await callApi(apiRoutes.userDelete, {});
      setConfirmDelete(false);
      // SPEC §4 Profile: log out without a server call, then go to /.
      await logout({ callServer: false });
      void navigate('/', { replace: true });
    } catch {
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <FormMessages messages={general} />
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={t('route.me')}>
        <Stack gap="sm">
          <TextInput
            id="f-email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            maxLength={255}
            value={v.email}
            readOnly={!canEditEmail}
            description={canEditEmail ? undefined : t('account.emailReadOnly')}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <PhoneField value={v.phone} onChange={set('phone')} error={errors.phone} />
          <Select
            id="f-lang"
            label={t('account.language')}
            data={[
              { value: 'hu', label: 'Magyar' },
              { value: 'en', label: 'English' },
            ]}
            value={v.lang}
            onChange={(val) => val && set('lang')(val as Lang)}
            allowDeselect={false}
            error={errors.lang}
            data-testid="profile-lang"
          />
          <Card withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {user.hasPassword ? t('account.changePassword') : t('account.setPassword')}
              </Title>
              <Text size="sm">
                {user.hasPassword ? t('account.changePasswordHint') : t('account.setPasswordHint')}
              </Text>
              {user.hasPassword && (
                <PasswordInput
                  id="f-oldPassword"
                  label={t('account.oldPassword')}
                  autoComplete="current-password"
                  maxLength={255}
                  value={v.oldPassword}
                  onChange={(e) => set('oldPassword')(e.currentTarget.value)}
                  error={errors.oldPassword}
                  visibilityToggleButtonProps={{ 'aria-label': t('account.showPassword') }}
                />
              )}
              <NewPasswordFields
                label={t('account.newPassword')}
                required={false}
                password={v.password}
                password2={v.password2}
                onPassword={set('password')}
                onPassword2={set('password2')}
                errors={errors}
              />
            </Stack>
          </Card>
          <Group gap="md">
            <Button type="submit" loading={submitting} className="vp-touch">
              {t('account.save')}
            </Button>
            {!wizard && (
              <Button
                variant="default"
                className="vp-touch"
                onClick={() => {
                  setV(initial);
                  setErrors({});
                  setGeneral([]);
                }}
              >
                {t('account.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {!wizard && (
        <>
          <Card withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('account.myData')}
              </Title>
              <Text size="sm">{t('account.myDataHint')}</Text>
              <Group>
                <Button
                  variant="outline"
                  className="vp-touch"
                  data-testid="download-my-data"
                  onClick={() =>
                    void downloadMyData().catch(() => notify(t('account.downloadFailed'), 'error'))
                  }
                >
                  {t('account.downloadMyData')}
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('account.deleteTitle')}
              </Title>
              <Text size="sm">{t('account.deleteHint')}</Text>
              <Group>
                <Button color="red" className="vp-touch" onClick={() => setConfirmDelete(true)}>
                  {t('account.deleteButton')}
                </Button>
              </Group>
            </Stack>
          </Card>
          <ConfirmDialog
            opened={confirmDelete}
            onClose={() => setConfirmDelete(false)}
            title={t('account.deleteTitle')}
            text={t('account.deleteConfirm')}
            yesLabel={t('account.deleteYes')}
            danger
            onYes={() => void onDelete()}
          />
        </>
      )}
    </>
  );
}

/** SPEC §2 Profile (/me). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (user) return;
    let alive = true;
    void loadUser().then((u) => alive && !u && setFailed(true));
    return () => {
      alive = false;
    };
  }, [user]);
  return (
    <PageFrame title={t('route.me')}>
      {user ? (
        <ProfileForm key={user.id} user={user} />
      ) : failed ? (
        <Alert color="red" role="alert">
          {t('account.loadFailed')}
        </Alert>
      ) : (
        <Loader aria-label={t('common.loading')} />
      )}
    </PageFrame>
  );
}
