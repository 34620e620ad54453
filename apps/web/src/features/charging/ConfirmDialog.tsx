import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes/no confirmation (SPEC §2 Other, §5 Confirmations). */
export function ConfirmDialog({
  opened,
  title,
  text,
  onYes,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  onYes: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.no')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            onYes();
          }}
        >
          {t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
