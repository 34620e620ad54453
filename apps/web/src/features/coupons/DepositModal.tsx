import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailRule } from '@/features/account';
// Only the addresses: the documents' texts stay out of this screen's bundle.
import { legalDocumentPath } from '@/features/legal/paths';
import { apiRoutes, callApi, callApiEnvelope } from '@/shared/api';
import { formatNumber } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { useSession } from '@/shared/session';
import {
  clampDeposit,
  DEPOSIT_DEFAULT,
  DEPOSIT_STEP,
  depositCeiling,
  depositOptions,
  nextDepositStep,
} from './deposit';
import { errorText, isNetworkError } from './errors';
import { useRefreshCoupons } from './queries';
import { newRequestId } from './requestId';

/**
 * A consent's document, opened in a new tab so the deposit in progress stays as it is. The
 * documents are the app's own (features/legal), which describe the deposit and the wallet's
 * creation at the partner (decision 0031).
 */
function DocumentLink({ to, children }: { to: string; children: string }) {
  const { t } = useTranslation();
  return (
    <Anchor href={to} target="_blank" rel="noopener" size="sm" className="vp-touch">
      {children} <span className="vp-visually-hidden">{t('coupons.deposit.newTab')}</span>
    </Anchor>
  );
}

const RESULT_COLOR = { done: 'green', pending: 'yellow', failed: 'red' } as const;

type Result =
  | { kind: 'done'; amount: number; email: string }
  | { kind: 'pending' | 'failed'; text: string }
  | null;

/**
 * SPEC §4/§5 online-wallet deposit (the `onlinepenztarca` offer): points to the partner's online
 * wallet of an e-mail. Amount choices 500 … 15000 (each off when the balance is below it), a
 * typed amount clamped to the balance and 100 000 and rounded down to 500. If the partner knows
 * the e-mail the deposit is made; otherwise creation mode switches on and asks for the data
 * policy and the terms. One request key per deposit, so a repeated tap never moves points twice.
 * Closing resets the amount to 500 and clears the flags and the result.
 */
export function DepositModal({
  opened,
  points,
  onClose,
}: {
  opened: boolean;
  points: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const refresh = useRefreshCoupons();
  const [amountText, setAmountText] = useState(String(DEPOSIT_DEFAULT));
  const [email, setEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [creationMode, setCreationMode] = useState(false);
  const [dataPolicy, setDataPolicy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [sending, setSending] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);

  const shownEmail = email ?? session.user?.email ?? '';
  const ceiling = depositCeiling(points);

  const close = () => {
    setAmountText(String(DEPOSIT_DEFAULT));
    setEmail(null);
    setEmailError(null);
    setAmountError(null);
    setCreationMode(false);
    setDataPolicy(false);
    setTerms(false);
    setConsentError(null);
    setResult(null);
    setRequestId(newRequestId());
    onClose();
  };

  /** SPEC §5: on change the amount is clamped and rounded down to a multiple of 500. */
  const settleAmount = () => {
    const v = clampDeposit(Number(amountText || 0), points);
    setAmountText(String(v));
    return v;
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const amount = settleAmount();
    const mailRule = emailRule(shownEmail);
    setEmailError(mailRule ? t(mailRule) : null);
    setAmountError(
      amount < DEPOSIT_STEP
        ? t('coupons.deposit.tooFew', { step: formatNumber(DEPOSIT_STEP) })
        : null,
    );
    if (mailRule || amount < DEPOSIT_STEP) return;
    setConsentError(null);
    setSending(true);
    try {
      const mail = shownEmail.trim();
      const userExists = await callApi(apiRoutes.onlineWalletUserExists, {
        query: { email: mail },
        inlineErrors: true,
      });
      const step = nextDepositStep({
        userExists,
        creationMode,
        dataPolicyAccepted: dataPolicy,
        termsAccepted: terms,
      });
      if (step === 'askCreation') {
        setCreationMode(true);
        return;
      }
      if (step === 'needsConsent') {
        setConsentError(t('coupons.deposit.consentNeeded'));
        return;
      }
      const answer = await callApiEnvelope(apiRoutes.onlineWalletDeposit, {
        body: {
          amount,
          email: mail,
          dataPolicyAccepted: creationMode ? dataPolicy : undefined,
          termsAccepted: creationMode ? terms : undefined,
          requestId,
        },
        inlineErrors: true,
      });
      // false: the partner has not answered yet; the server keeps trying and returns the
      // points if it fails (its message says so).
      setResult(
        answer.data === true
          ? { kind: 'done', amount, email: mail }
          : {
              kind: 'pending',
              text: answer.messages.map((m) => m.text).join(' ') || t('coupons.deposit.pending'),
            },
      );
      setRequestId(newRequestId());
    } catch (err) {
      if (!isNetworkError(err))
        setResult({ kind: 'failed', text: errorText(err, t('coupons.deposit.failed')) });
    } finally {
      setSending(false);
      await refresh();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('coupons.deposit.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {result ? (
        <Stack gap="md">
          <Alert
            color={RESULT_COLOR[result.kind]}
            role={result.kind === 'failed' ? 'alert' : 'status'}
            title={t(`coupons.deposit.${result.kind}Title`)}
            data-testid="deposit-result"
            data-kind={result.kind}
          >
            {result.kind === 'done'
              ? t('coupons.deposit.success', {
                  points: formatNumber(result.amount),
                  email: result.email,
                })
              : result.text}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} className="vp-touch">
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('coupons.deposit.intro')}</Text>
            <Text size="sm">
              {t('coupons.deposit.available', { points: formatNumber(points) })}
            </Text>
            <div role="group" aria-labelledby="deposit-choices">
              <Text size="sm" fw={500} id="deposit-choices" mb={4}>
                {t('coupons.deposit.choices')}
              </Text>
              <Group gap={6}>
                {depositOptions(points).map((o) => (
                  <Chip
                    key={o.value}
                    checked={Number(amountText) === o.value}
                    disabled={o.disabled}
                    onChange={() => {
                      setAmountText(String(o.value));
                      setAmountError(null);
                    }}
                    type="radio"
                    name="deposit-choice"
                    value={String(o.value)}
                  >
                    {formatNumber(o.value)}
                  </Chip>
                ))}
              </Group>
            </div>
            <TextInput
              id="f-depositAmount"
              label={t('coupons.deposit.amount')}
              description={t('coupons.deposit.amountHint', {
                step: formatNumber(DEPOSIT_STEP),
                max: formatNumber(ceiling),
              })}
              inputMode="numeric"
              autoComplete="off"
              rightSection={<span aria-hidden>{t('coupons.pointsUnit')}</span>}
              rightSectionWidth={56}
              value={amountText}
              onChange={(e) => setAmountText(e.currentTarget.value.replace(/[^\d]/g, ''))}
              onBlur={settleAmount}
              error={amountError}
            />
            <TextInput
              id="f-depositEmail"
              type="email"
              label={t('coupons.deposit.email')}
              description={t('coupons.deposit.emailHint')}
              autoComplete="email"
              required
              maxLength={255}
              value={shownEmail}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                // A different e-mail is checked again at the partner.
                setCreationMode(false);
              }}
              error={emailError}
            />
            {creationMode && (
              <Alert
                color="blue"
                title={t('coupons.deposit.creationTitle')}
                data-testid="deposit-creation"
              >
                <Stack gap="xs">
                  <Text size="sm">
                    {t('coupons.deposit.creationText', { email: shownEmail.trim() })}
                  </Text>
                  <Checkbox
                    label={t('coupons.deposit.dataPolicy')}
                    description={
                      <DocumentLink to={legalDocumentPath('privacy', lang)}>
                        {t('coupons.deposit.readDataPolicy')}
                      </DocumentLink>
                    }
                    checked={dataPolicy}
                    onChange={(e) => setDataPolicy(e.currentTarget.checked)}
                  />
                  <Checkbox
                    label={t('coupons.deposit.terms')}
                    description={
                      <DocumentLink to={legalDocumentPath('gtc', lang)}>
                        {t('coupons.deposit.readTerms')}
                      </DocumentLink>
                    }
                    checked={terms}
                    onChange={(e) => setTerms(e.currentTarget.checked)}
                    error={consentError}
                  />
                </Stack>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} className="vp-touch">
                {t('coupons.cancel')}
              </Button>
              <Button
                type="submit"
                loading={sending}
                disabled={ceiling < DEPOSIT_STEP}
                className="vp-touch"
              >
                {t(creationMode ? 'coupons.deposit.createAndSend' : 'coupons.deposit.send')}
              </Button>
            </Group>
            {ceiling < DEPOSIT_STEP && (
              <Text size="sm" c="dark.6">
                {t('coupons.deposit.tooFew', { step: formatNumber(DEPOSIT_STEP) })}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
