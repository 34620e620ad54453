import { useState } from 'react';
import { Alert, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Car } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { ApprovedVehicleModal } from './ApprovedVehicleModal';
import { CarCarousel } from './CarCarousel';
import { CarDetails } from './CarDetails';
import { CatalogueStep } from './CatalogueStep';
import { CustomCarForm } from './CustomCarForm';

export const carsKey = ['cars'] as const;

type Tab = 'add' | 'list';

/**
 * SPEC §2 Cars: tab 1 registers a car (step 1 the catalogue, step 2 the custom car form), tab 2
 * shows the user's cars. In the welcome wizard (`wizard`) it reports the list to the wizard.
 */
export function CarsScreen({
  wizard = false,
  onCarsChange,
}: {
  wizard?: boolean;
  onCarsChange?: (cars: Car[]) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const cars = useQuery({ queryKey: carsKey, queryFn: () => callApi(apiRoutes.cars, {}) });
  const [tab, setTab] = useState<Tab | null>(null);
  const [customPlate, setCustomPlate] = useState<string | null>(null);
  const [details, setDetails] = useState<Car | null>(null);
  const [deleting, setDeleting] = useState<Car | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const update = (next: Car[]) => {
    qc.setQueryData(carsKey, next);
    onCarsChange?.(next);
  };
  const reload = async () => {
    update(await callApi(apiRoutes.cars, {}));
  };

  if (cars.isError) {
    return (
      <Alert color="red" role="alert">
        {t('cars.loadFailed')}
      </Alert>
    );
  }
  if (!cars.data) return <Loader aria-label={t('common.loading')} />;
  const list = cars.data;
  const active: Tab = tab ?? (list.length > 0 && !wizard ? 'list' : 'add');

  const onAdded = (car: Car) => {
    setCustomPlate(null);
    setAdded(`${car.producer} ${car.model} (${car.licensePlate})`);
    setTab('list');
    void reload().catch(() => {});
    // A new custom car may already be in the catalogue: ask the switch question again.
    void qc.invalidateQueries({ queryKey: ['approved-vehicles'] });
  };

  const onDelete = async (car: Car) => {
    try {
      await callApi(apiRoutes.carDelete, { params: { id: car.id } });
      await reload();
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      {added && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setAdded(null)}
          closeButtonLabel={t('common.close')}
          data-testid="car-added"
        >
          {t('cars.added', { name: added })}
        </Alert>
      )}
      <Tabs value={active} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="add" className="vp-touch">
            {t('cars.tabAdd')}
          </Tabs.Tab>
          <Tabs.Tab value="list" className="vp-touch">
            {t('cars.tabList', { count: list.length })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add" pt="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {customPlate === null ? t('cars.catalogueTitle') : t('cars.customTitle')}
            </Title>
            <Text size="sm">{customPlate === null ? t('cars.step1') : t('cars.step2')}</Text>
            {customPlate === null ? (
              <CatalogueStep onAdded={onAdded} onCustom={setCustomPlate} />
            ) : (
              <CustomCarForm
                plate={customPlate}
                onAdded={onAdded}
                onBack={() => setCustomPlate(null)}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="md">
          {list.length === 0 ? (
            <Text>{t('cars.empty')}</Text>
          ) : (
            <CarCarousel
              cars={list}
              onDefault={(car) =>
                void callApi(apiRoutes.carDefault, { params: { id: car.id } })
                  .then(update)
                  .catch(() => {})
              }
              onDetails={setDetails}
              onDelete={setDeleting}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {details && (
        <CarDetails
          key={details.id}
          car={details}
          onClose={() => setDetails(null)}
          onSaved={() => {
            setDetails(null);
            void reload().catch(() => {});
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('cars.deleteTitle')}
        text={t('cars.deleteConfirm', {
          name: deleting ? `${deleting.producer} ${deleting.model} (${deleting.licensePlate})` : '',
        })}
        yesLabel={t('cars.deleteYes')}
        danger
        yesTestId="car-delete-yes"
        onYes={() => deleting && void onDelete(deleting).catch(() => {})}
      />
      {!wizard && <ApprovedVehicleModal onChanged={() => void reload().catch(() => {})} />}
    </Stack>
  );
}
