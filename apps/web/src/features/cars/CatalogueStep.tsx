import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Car, Message } from '@voltpark/contract';
import { FormMessages, splitMessages } from '@/features/account';
import { apiRoutes, callApi } from '@/shared/api';
import { plateRule, searchQuery } from './carForm';
import { useDebounced } from './useDebounced';

export const VEHICLE_SEARCH_DELAY_MS = 250;

/**
 * Step 1 of the car registration (SPEC §2 Cars): search the catalogue (one or two words,
 * 250 ms after typing stops; empty lists all), pick a vehicle and give the plate.
 */
export function CatalogueStep({
  onAdded,
  onCustom,
}: {
  onAdded: (car: Car) => void;
  onCustom: (plate: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(searchQuery(typed), VEHICLE_SEARCH_DELAY_MS);
  const [vehicleId, setVehicleId] = useState<string>('');
  const [plate, setPlate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [saving, setSaving] = useState(false);
  const vehicles = useQuery({
    queryKey: ['vehicles', search],
    queryFn: () => callApi(apiRoutes.vehicles, { query: search ? { search } : {}, busy: false }),
  });

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const errs: Record<string, string> = {};
    if (!vehicleId) errs.vehicleId = t('cars.pickVehicle');
    const p = plateRule(plate);
    if (p) errs.licencePlate = t(p);
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      document.getElementById(errs.vehicleId ? 'f-car-search' : 'f-car-plate')?.focus();
      return;
    }
    setSaving(true);
    try {
      const car = await callApi(apiRoutes.carCreate, {
        body: { vehicleId: Number(vehicleId), licencePlate: plate.trim() },
        inlineErrors: true,
      });
      setPlate('');
      setVehicleId('');
      onAdded(car);
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      setErrors(fields);
      setGeneral(g);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={t('cars.catalogueTitle')}>
      <Stack gap="sm">
        <FormMessages messages={general} />
        <TextInput
          id="f-car-search"
          type="search"
          label={t('cars.search')}
          description={t('cars.searchHint')}
          value={typed}
          maxLength={255}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={errors.vehicleId}
          data-testid="vehicle-search"
        />
        {vehicles.isError ? (
          <Alert color="red" role="alert">
            {t('cars.loadFailed')}
          </Alert>
        ) : !vehicles.data ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : vehicles.data.length === 0 ? (
          <Text size="sm" role="status">
            {t('cars.noVehicle')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={280} type="auto">
            <Radio.Group
              value={vehicleId}
              onChange={setVehicleId}
              label={t('cars.vehicles', { count: vehicles.data.length })}
              data-testid="vehicle-list"
            >
              <Stack gap={4} mt={4}>
                {vehicles.data.map((v) => (
                  <Radio
                    key={v.id}
                    value={String(v.id)}
                    label={`${v.producer} ${v.model}`}
                    className="vp-touch"
                  />
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <TextInput
          id="f-car-plate"
          label={t('cars.plate')}
          required
          maxLength={20}
          value={plate}
          onChange={(e) => setPlate(e.currentTarget.value)}
          error={errors.licencePlate}
        />
        <Group gap="md">
          <Button type="submit" loading={saving} className="vp-touch">
            {t('cars.addCar')}
          </Button>
          <Button variant="outline" className="vp-touch" onClick={() => onCustom(plate)}>
            {t('cars.notInList')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
