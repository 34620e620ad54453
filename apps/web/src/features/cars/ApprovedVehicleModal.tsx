import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';

/**
 * SPEC §2 Other: when the catalogue now has one of the user's custom vehicles, offer to switch
 * the car to the catalogue vehicle or keep the custom one (neither is asked again).
 */
export function ApprovedVehicleModal({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [done, setDone] = useState<number[]>([]);
  const approved = useQuery({
    queryKey: ['approved-vehicles'],
    queryFn: () => callApi(apiRoutes.approvedVehicles, { busy: false, quiet: true }),
  });
  const next = approved.data?.find((a) => !done.includes(a.id));
  if (!next) return null;

  const answer = async (keep: boolean) => {
    try {
      if (keep) await callApi(apiRoutes.keepCustomVehicle, { query: { 'vehicle-id': next.id } });
      else await callApi(apiRoutes.switchToVehicleFromList, { query: { 'vehicle-id': next.id } });
      onChanged();
    } finally {
      setDone((d) => [...d, next.id]);
      void qc.invalidateQueries({ queryKey: ['approved-vehicles'] });
    }
  };

  return (
    <Modal
      opened
      onClose={() => setDone((d) => [...d, next.id])}
      title={t('cars.approvedTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="approved-vehicle-modal">
        <Text>{t('cars.approvedBody', { name: next.name })}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            className="vp-touch"
            onClick={() => void answer(true).catch(() => {})}
          >
            {t('cars.keepCustom')}
          </Button>
          <Button className="vp-touch" onClick={() => void answer(false).catch(() => {})}>
            {t('cars.switchToCatalogue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
