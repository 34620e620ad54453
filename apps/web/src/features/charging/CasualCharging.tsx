import { useState } from 'react';
import { Accordion, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Charger } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/shared/session';
import { CasualNotices } from './CasualNotices';
import { AlreadyChargingAlert } from './AlreadyCharging';
import { CasualForm } from './CasualForm';
import { CasualSurvey } from './CasualSurvey';
import { PANEL_POLL_MS, TWO_COLUMN_MIN_PX } from './constants';
import { useCurrentCharge } from './useCurrentCharge';

function AccountPanel({ chargerId }: { chargerId: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text>{t('casual.accountText')}</Text>
      <Group>
        <Button component={Link} to="/login" state={{ from: `/charger/${chargerId}` }}>
          {t('menu.login')}
        </Button>
        <Button component={Link} to={`/register?chargerId=${chargerId}`} variant="outline">
          {t('menu.register')}
        </Button>
      </Group>
    </Stack>
  );
}

function OneTimePanel({ charger }: { charger: Charger }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<'intro' | 'survey' | 'form'>('intro');
  return (
    <Stack gap="sm">
      <Text>{t('casual.oneTimeText')}</Text>
      {stage === 'intro' && (
        <Button onClick={() => setStage('survey')}>{t('casual.chooseOneTime')}</Button>
      )}
      {stage === 'survey' && (
        <CasualSurvey chargerId={charger.id} onComplete={() => setStage('form')} />
      )}
      {stage === 'form' && <CasualForm charger={charger} />}
    </Stack>
  );
}

/**
 * SPEC §4 casual charging on the charger view (visitors not logged in, users with casualCharge):
 * two panels, open by click, or side by side and open from 768 px.
 */
export function CasualCharging({ charger }: { charger: Charger }) {
  const { t } = useTranslation();
  const session = useSession();
  const wide = useMediaQuery(`(min-width: ${TWO_COLUMN_MIN_PX}px)`);
  const [open, setOpen] = useState<string[]>([]);
  const current = useCurrentCharge(PANEL_POLL_MS, session.loggedIn);

  const notices = <CasualNotices />;

  if (current.data)
    return (
      <Stack gap="md">
        {notices}
        <AlreadyChargingAlert />
      </Stack>
    );
  if (wide) {
    return (
      <Stack gap="md">
        {notices}
        <SimpleGrid cols={2} spacing="md">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="casual-account">
            <Title order={3} size="h5" id="casual-account" mb="xs">
              {t('casual.accountTitle')}
            </Title>
            <AccountPanel chargerId={charger.id} />
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="casual-onetime">
            <Title order={3} size="h5" id="casual-onetime" mb="xs">
              {t('casual.oneTimeTitle')}
            </Title>
            <OneTimePanel charger={charger} />
          </Paper>
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {notices}
      <Accordion multiple value={open} onChange={setOpen} variant="separated">
        <Accordion.Item value="account">
          <Accordion.Control>{t('casual.accountTitle')}</Accordion.Control>
          <Accordion.Panel>
            <AccountPanel chargerId={charger.id} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="oneTime">
          <Accordion.Control>{t('casual.oneTimeTitle')}</Accordion.Control>
          <Accordion.Panel>
            <OneTimePanel charger={charger} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
