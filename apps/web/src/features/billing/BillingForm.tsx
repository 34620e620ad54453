import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingData, BillingType, Country, Message, User } from '@voltpark/contract';
import { FormMessages, splitMessages } from '@/features/account';
import { apiRoutes, callApi } from '@/shared/api';
import { PhoneField } from '@/shared/ui';
import {
  BILLING_ORDER,
  changeType,
  defaultForced,
  formField,
  toBillingInput,
  validateBilling,
  type BillingField,
  type BillingFormValues,
} from './billingForm';
import { WordSelect } from './WordSelect';

const fieldId = (f: BillingField) => `f-billing-${f}`;

function focusFirst(errors: Partial<Record<string, string>>) {
  const first = BILLING_ORDER.find((f) => errors[f]);
  if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
}

/** SPEC §2/§4/§5: the billing data editor (add or edit one entry). */
export function BillingForm({
  initial,
  list,
  user,
  countries,
  addressTypes,
  onSaved,
  onCancel,
}: {
  initial: BillingFormValues;
  list: readonly BillingData[];
  user: User | null;
  countries: readonly Country[];
  addressTypes: readonly string[];
  onSaved: (list: BillingData[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState<BillingFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [saving, setSaving] = useState(false);
  const forced = defaultForced(v, list);
  const set = (k: BillingField) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  const input = (
    k: BillingField,
    label: string,
    extra: { required?: boolean; max?: number } = {},
  ) => (
    <TextInput
      id={fieldId(k)}
      label={label}
      required={extra.required ?? true}
      maxLength={extra.max ?? 255}
      value={v[k] as string}
      onChange={(e) => set(k)(e.currentTarget.value)}
      error={errors[k]}
    />
  );

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const keys = validateBilling(v, { countries, addressTypes });
    const errs = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    // SPEC §5 E-mail: an invalid address is cleared.
    if (keys.emailAddress === 'form.email') setV((o) => ({ ...o, emailAddress: '' }));
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirst(errs);
      return;
    }
    setSaving(true);
    try {
      const body = toBillingInput({ ...v, defaultBillingData: forced || v.defaultBillingData });
      const next = await callApi(apiRoutes.billingDataSave, { body, inlineErrors: true });
      onSaved(next);
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      const mapped = Object.fromEntries(Object.entries(fields).map(([f, m]) => [formField(f), m]));
      setErrors(mapped);
      setGeneral(g);
      focusFirst(mapped);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label={v.id ? t('billing.editTitle') : t('billing.newTitle')}
      data-testid="billing-form"
    >
      <Stack gap="sm">
        <FormMessages messages={general} />
        <Radio.Group
          id={fieldId('type')}
          label={t('billing.type')}
          required
          value={v.type}
          onChange={(val) => setV((o) => changeType(o, val as BillingType, user))}
          error={errors.type}
        >
          <Group gap="lg" mt={4}>
            <Radio value="PERSON" label={t('billing.person')} className="vp-touch" />
            <Radio value="COMPANY" label={t('billing.company')} className="vp-touch" />
          </Group>
        </Radio.Group>
        {v.type === 'PERSON' && (
          <>
            {input('lastName', t('billing.lastName'))}
            {input('firstName', t('billing.firstName'))}
          </>
        )}
        {v.type === 'COMPANY' && (
          <>
            {input('payerName', t('billing.companyName'))}
            {input('taxNumber', t('billing.taxNumber'))}
          </>
        )}
        <TextInput
          id={fieldId('emailAddress')}
          label={t('billing.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          value={v.emailAddress}
          onChange={(e) => set('emailAddress')(e.currentTarget.value)}
          error={errors.emailAddress}
        />
        <PhoneField
          id={fieldId('phone')}
          label={t('billing.phone')}
          value={v.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <WordSelect
          id={fieldId('countryCode')}
          label={t('billing.country')}
          data={countries.map((c) => ({ value: c.alpha2code, label: c.name }))}
          value={v.countryCode}
          onChange={set('countryCode')}
          error={errors.countryCode}
          testId="billing-country"
        />
        {input('zipCode', t('billing.zipCode'), { max: 12 })}
        {input('city', t('billing.city'))}
        {input('street', t('billing.street'))}
        <WordSelect
          id={fieldId('addressType')}
          label={t('billing.addressType')}
          data={addressTypes.map((a) => ({ value: a, label: a }))}
          value={v.addressType}
          onChange={set('addressType')}
          error={errors.addressType}
          testId="billing-address-type"
        />
        {input('houseNumber', t('billing.houseNumber'))}
        {input('floor', t('billing.floor'), { required: false })}
        {input('door', t('billing.door'), { required: false })}
        <Checkbox
          id="f-billing-default"
          label={t('billing.makeDefault')}
          description={forced ? t('billing.defaultForced') : undefined}
          checked={forced || v.defaultBillingData}
          disabled={forced}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setV((o) => ({ ...o, defaultBillingData: checked }));
          }}
        />
        <Group gap="md">
          <Button type="submit" loading={saving} className="vp-touch">
            {t('billing.save')}
          </Button>
          {onCancel && (
            <Button variant="default" className="vp-touch" onClick={onCancel}>
              {t('billing.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
