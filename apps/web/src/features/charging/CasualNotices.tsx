import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, useSession } from '@/shared/session';

/** SPEC §4: a casual user sees the guest notice, what points they could get, and a way out. */
export function CasualNotices() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session.user?.casualUser) return null;
  return (
    <Stack gap="xs">
      <Alert color="blue" title={t('casual.noticeTitle')}>
        {t('casual.notice')}
      </Alert>
      <Alert color="green">{t('casual.pointsNotice')}</Alert>
      <Button
        variant="outline"
        onClick={() => {
          void logout().then(() => navigate('/'));
        }}
      >
        {t('casual.leave')}
      </Button>
    </Stack>
  );
}
