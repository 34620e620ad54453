import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { PageFrame } from '@/shared/ui';
import { CardList } from './CardList';
import { RegisterCardForm } from './RegisterCardForm';
import { TopUpForm } from './TopUpForm';
import { WalletBox } from './WalletBox';

/**
 * SPEC §2 Cards: the payment-provider alert from r, the saved cards (polled, processing shown),
 * card registration, the wallet box and the top-up form. In wizard mode (/cards-wizard) the
 * registration returns to the wizard and the top-up is left out.
 */
export function CardsScreen({ wizard = false }: { wizard?: boolean }) {
  const { t } = useTranslation();
  const redirect = useBackRedirect();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      <PaymentReturnNotice
        redirect={redirect}
        titleKeys={{ success: 'cards.register.successTitle' }}
        textKeys={{ success: 'cards.register.success' }}
        onClose={() => void navigate(pathname, { replace: true })}
      />
      <Stack gap="xs" component="section" aria-labelledby="cards-title">
        <Text fw={600} id="cards-title" component="h2" size="lg">
          {t('cards.title')}
        </Text>
        <CardList />
      </Stack>
      <RegisterCardForm wizard={wizard} />
      {!wizard && (
        <>
          <WalletBox />
          <TopUpForm />
        </>
      )}
    </Stack>
  );
}

/** The /cards route. */
export function CardsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.cards')}>
      <CardsScreen />
    </PageFrame>
  );
}
