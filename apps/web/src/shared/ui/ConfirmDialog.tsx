import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A yes/no confirmation (SPEC §5 Confirmations): delete billing data, delete a car, save a
 * changed plate, stop or cancel a charge. "No" and the close button call onClose; "Yes" calls
 * onYes, which closes the dialog itself when it is done (a failed delete may keep it open).
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  onYes,
  onClose,
  onNo = onClose,
  yesLabel,
  noLabel,
  children,
  danger = false,
  yesTestId,
}: {
  opened: boolean;
  title: string;
  text: string;
  onYes: () => void;
  onClose: () => void;
  /** "No" when it means more than closing (a refused plate change closes the car too). */
  onNo?: () => void;
  /** The "Yes" button's words, when plainer ones help ("Delete"). */
  yesLabel?: string;
  /** The "No" button's words ("Cancel"). */
  noLabel?: string;
  /** Details under the text (what a payment takes, say). */
  children?: ReactNode;
  /** A destructive "Yes" (deleting) is red. */
  danger?: boolean;
  yesTestId?: string;
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
      <Stack gap="md">
        <Text>{text}</Text>
        {children}
        <Group justify="flex-end">
          {/* Focus starts on the safe answer, not on the close button (Mantine's data-autofocus). */}
          <Button variant="default" className="vp-touch" onClick={onNo} data-autofocus>
            {noLabel ?? t('common.no')}
          </Button>
          <Button
            className="vp-touch"
            color={danger ? 'red' : undefined}
            data-testid={yesTestId}
            onClick={onYes}
          >
            {yesLabel ?? t('common.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
