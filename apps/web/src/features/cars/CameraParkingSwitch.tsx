import { useState } from 'react';
import { Alert, Stack, Switch } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CameraParkingCar } from '@voltpark/contract';
import { splitMessages } from '@/features/account';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { cameraPaymentKey } from './AutomaticCardPayment';

export const cameraParkingKey = ['cars', 'camera-parking'] as const;

/**
 * A car's camera parking switch (decision 0054): the entry camera starts the parking by the
 * plate, the exit is paid by the default payment method. It shows the server's state only:
 * while a change is on its way the switch is disabled, and a refusal is shown under it.
 */
export function CameraParkingSwitch({ carId }: { carId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: cameraParkingKey,
    queryFn: ({ signal }) => callApi(apiRoutes.cameraParking, { signal, busy: false, quiet: true }),
    // A car added a moment ago must be in the list when its details open.
    staleTime: 0,
  });
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const car = data?.find((c) => c.carId === carId);
  if (!car) return null;

  const change = async (on: boolean) => {
    setSending(true);
    setFailed(null);
    try {
      const next: CameraParkingCar[] = await callApi(apiRoutes.cameraParkingSet, {
        params: { carId },
        body: { on },
        inlineErrors: true,
      });
      client.setQueryData(cameraParkingKey, next);
      // Automatic card payment shows for camera cars only, and ends with the last one.
      await client.invalidateQueries({ queryKey: cameraPaymentKey });
    } catch (err) {
      if (err instanceof ApiError && err.network) return;
      setFailed(splitMessages(err).general[0]?.text ?? t('cars.camera.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs">
      <Switch
        id={`f-camera-parking-${carId}`}
        label={t('cars.cameraSwitch.label')}
        // Mantine's label wraps the description too; its name is the label alone, the hint
        // stays its description.
        aria-label={t('cars.cameraSwitch.label')}
        description={t('cars.cameraSwitch.hint')}
        checked={car.on}
        disabled={sending}
        onChange={(e) => void change(e.currentTarget.checked)}
        size="md"
      />
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
    </Stack>
  );
}
