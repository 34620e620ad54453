import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api';

export interface Failure {
  text: string;
  code: string | null;
}

/**
 * SPEC §8: a failed receipt load or payment start alerts with the response code. The code is a
 * labelled reference for support under the translated message, never a bare "(NOT_FOUND)".
 */
export function failureOf(e: unknown, fallback: string): Failure {
  if (!(e instanceof ApiError) || !e.envelope) return { text: fallback, code: null };
  const code = (e.envelope.data as { responseCode?: string } | null)?.responseCode ?? null;
  return { text: e.envelope.messages[0]?.text ?? fallback, code };
}

export function FailureAlert({ failure, mt }: { failure: Failure; mt?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" mt={mt}>
      <Text size="sm">{failure.text}</Text>
      {failure.code && (
        <Text size="xs" mt={4}>
          {t('charging.receipt.errorCode', { code: failure.code })}
        </Text>
      )}
    </Alert>
  );
}
