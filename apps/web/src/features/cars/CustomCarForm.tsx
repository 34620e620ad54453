import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Car, Message } from '@voltpark/contract';
import { FormMessages, splitMessages } from '@/features/account';
import { apiRoutes, callApi } from '@/shared/api';
import {
  CUSTOM_ORDER,
  decimalChars,
  emptyCustomCar,
  toCustomBody,
  validateCustomCar,
  YEAR_MAX,
  type CustomCarField,
  type CustomCarValues,
} from './carForm';

const fieldId = (f: CustomCarField) => `f-car-${f}`;

/** Year: digits only, clamped to the maximum while typing (the minimum is checked on save). */
const yearChars = (v: string) => {
  const d = v.replace(/[^0-9]/g, '').slice(0, 4);
  return d && Number(d) > YEAR_MAX ? String(YEAR_MAX) : d;
};

/**
 * Step 2 of the car registration (SPEC §2/§5): a car that is not in the catalogue. Year, range,
 * efficiency, engine power and battery are rounded down to whole numbers; AC and DC power
 * take 2 decimals; the charge ports come from the server's list.
 */
export function CustomCarForm({
  plate,
  onAdded,
  onBack,
}: {
  plate: string;
  onAdded: (car: Car) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState<CustomCarValues>(() => emptyCustomCar(plate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [saving, setSaving] = useState(false);
  const ports = useQuery({
    queryKey: ['charger-ports'],
    queryFn: () => callApi(apiRoutes.chargerPorts, {}),
    staleTime: Infinity,
  });
  const set = (k: CustomCarField, filter: (s: string) => string = (s) => s) => ({
    value: v[k] as string,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = filter(e.currentTarget.value);
      setV((o) => ({ ...o, [k]: value }));
      // A message about the old value goes once the field is edited (the save checks again).
      if (errors[k]) setErrors(({ [k]: _gone, ...rest }) => rest);
    },
    error: errors[k],
    id: fieldId(k),
  });

  const focusFirst = (errs: Record<string, string>) => {
    const first = CUSTOM_ORDER.find((f) => errs[f]);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const keys = validateCustomCar(v);
    const errs = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirst(errs);
      return;
    }
    setSaving(true);
    try {
      const car = await callApi(apiRoutes.vehicleCreate, {
        body: toCustomBody(v),
        inlineErrors: true,
      });
      onAdded(car);
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      setErrors(fields);
      setGeneral(g);
      focusFirst(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label={t('cars.customTitle')}
      data-testid="custom-car-form"
    >
      <Stack gap="sm">
        <FormMessages messages={general} />
        <TextInput label={t('cars.plate')} required maxLength={20} {...set('licensePlate')} />
        <TextInput label={t('cars.producer')} required maxLength={255} {...set('producer')} />
        <TextInput label={t('cars.model')} required maxLength={255} {...set('model')} />
        <TextInput
          label={t('cars.year')}
          required
          inputMode="numeric"
          {...set('yearOfProduction', yearChars)}
        />
        <Text size="sm">{t('cars.roundingHint')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('cars.battery')}
            inputMode="decimal"
            {...set('batteryCapacityKWh', decimalChars)}
          />
          <TextInput
            label={t('cars.range')}
            inputMode="decimal"
            {...set('rangeKm', decimalChars)}
          />
          <TextInput
            label={t('cars.efficiency')}
            inputMode="decimal"
            {...set('efficiencyKWhpKm', decimalChars)}
          />
          <TextInput
            label={t('cars.enginePower')}
            inputMode="decimal"
            {...set('enginePowerKw', decimalChars)}
          />
          <TextInput
            label={t('cars.acPower')}
            description={t('cars.decimalHint')}
            inputMode="decimal"
            {...set('maxChargingPowerACKw', decimalChars)}
          />
          <TextInput
            label={t('cars.dcPower')}
            description={t('cars.decimalHint')}
            inputMode="decimal"
            {...set('maxChargingPowerDCKw', decimalChars)}
          />
        </SimpleGrid>
        <MultiSelect
          id={fieldId('chargePorts')}
          label={t('cars.chargePorts')}
          data={(ports.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={v.chargePorts}
          onChange={(chargePorts) => setV((o) => ({ ...o, chargePorts }))}
          error={errors.chargePorts}
          // hideDetached off: Mantine would hide an open list whenever it thinks the field is out
          // of sight, which on a phone left it open but invisible (seen in the e2e runs).
          comboboxProps={{ withinPortal: true, hideDetached: false }}
          data-testid="charge-ports"
          nothingFoundMessage={ports.isPending ? t('common.loading') : undefined}
        />
        {ports.isError && (
          <Group gap="xs" role="alert">
            <Text size="sm" c="red.8">
              {t('cars.chargePortsFailed')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              className="vp-touch"
              onClick={() => void ports.refetch()}
              data-testid="charge-ports-retry"
            >
              {t('cars.chargePortsRetry')}
            </Button>
          </Group>
        )}
        <Group gap="md">
          <Button type="submit" loading={saving} className="vp-touch">
            {t('cars.addCar')}
          </Button>
          <Button variant="default" className="vp-touch" onClick={onBack}>
            {t('cars.backToCatalogue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
