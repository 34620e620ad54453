import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A new password and its repeat (SPEC §5 New password), with the rule as a hint. */
export function NewPasswordFields({
  password,
  password2,
  onPassword,
  onPassword2,
  errors,
  label,
  required = true,
}: {
  password: string;
  password2: string;
  onPassword: (value: string) => void;
  onPassword2: (value: string) => void;
  errors: { password?: string; password2?: string };
  /** The first field's label (registration says "Password", the others "New password"). */
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('account.showPassword') };
  return (
    <>
      <PasswordInput
        id="f-password"
        label={label}
        description={t('account.passwordHint')}
        autoComplete="new-password"
        required={required}
        maxLength={255}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        id="f-password2"
        label={t('account.password2')}
        autoComplete="new-password"
        required={required}
        maxLength={255}
        value={password2}
        onChange={(e) => onPassword2(e.currentTarget.value)}
        error={errors.password2}
        visibilityToggleButtonProps={toggle}
      />
    </>
  );
}
