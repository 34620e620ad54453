import { Button, List, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ParkingLot } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';

/** The how-to-park modal (SPEC §2 Parking lot view), in the current language (hu or en). */
export function HowToPark({ lot }: { lot: ParkingLot }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const gateSeconds = lot.parkingTimeInSeconds > 0 ? lot.parkingTimeInSeconds : 60;
  const surcharge = lot.tariff?.grossSurchargeFeePerDay ?? 0;
  return (
    <>
      <Button variant="light" onClick={open}>
        {t('parking.howTo.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('parking.howTo.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <List type="ordered" spacing="sm">
          <List.Item>{t('parking.howTo.step1')}</List.Item>
          <List.Item>{t('parking.howTo.step2')}</List.Item>
          <List.Item>{t('parking.howTo.step3', { seconds: gateSeconds })}</List.Item>
          <List.Item>{t('parking.howTo.step4')}</List.Item>
          <List.Item>{t('parking.howTo.step5')}</List.Item>
          <List.Item>
            {surcharge > 0
              ? t('parking.howTo.step6', { fee: formatMoney(surcharge) })
              : t('parking.howTo.step6NoFee')}
          </List.Item>
        </List>
        {lot.hasChargers && (
          <Text size="sm" mt="md">
            {t('parking.howTo.charging')}
          </Text>
        )}
        <Button mt="lg" onClick={close} fullWidth>
          {t('parking.howTo.ok')}
        </Button>
      </Modal>
    </>
  );
}
