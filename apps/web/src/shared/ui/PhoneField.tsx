import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A phone input (SPEC §5 Phone: Hungary is the default region; hint shows the format). */
export function PhoneField({
  id = 'f-phone',
  label,
  value,
  onChange,
  error,
  required = true,
}: {
  id?: string;
  /** Defaults to "Phone number". */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      label={label ?? t('account.phone')}
      description={t('account.phoneHint')}
      type="tel"
      autoComplete="tel"
      required={required}
      maxLength={255}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
