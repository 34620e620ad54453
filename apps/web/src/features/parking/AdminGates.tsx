import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParkingLot } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRoutes, callApiEnvelope } from '@/shared/api';
import { ADMIN_STATUS_MS, adminGateButtons } from './parkingState';

type Status = 'opening' | 'opened' | 'failed' | 'noResponse';

/**
 * SPEC §6 parking-lot admin: gate-open buttons (one gate one button; several: in and out),
 * disabled while a status message shows ('Kapu nyitása folyamatban...', 'Hiba történt a kapu
 * nyitásakor!').
 */
export function AdminGates({ lot }: { lot: ParkingLot }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const buttons = adminGateButtons(lot.gates);
  if (!lot.isCurrentUserAdmin || buttons.length === 0) return null;

  function show(s: Status) {
    setStatus(s);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(null), ADMIN_STATUS_MS);
  }

  async function open(direction: 'in' | 'out') {
    setStatus('opening');
    if (timer.current) clearTimeout(timer.current);
    try {
      const env = await callApiEnvelope(apiRoutes.parkingGateOpen, {
        params: { lotId: lot.id, direction },
        inlineErrors: true,
      });
      show(env.result ? 'opened' : 'failed');
    } catch (e) {
      show(e instanceof ApiError && e.network ? 'noResponse' : 'failed');
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="admin-gates">
      <Stack gap="sm">
        <Title order={2} size="h5" id="admin-gates">
          {t('parking.admin.title')}
        </Title>
        <Group>
          {buttons.map((b) => (
            <Button
              key={b.direction}
              onClick={() => void open(b.direction)}
              disabled={status !== null}
              data-testid={`admin-open-${b.direction}`}
            >
              {t(b.labelKey)}
            </Button>
          ))}
        </Group>
        <Text
          role="status"
          fw={600}
          c={status === 'failed' || status === 'noResponse' ? 'red.8' : undefined}
        >
          {status ? t(`parking.admin.${status}`) : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
