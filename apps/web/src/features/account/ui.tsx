import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Message } from '@voltpark/contract';
import { LegalText, legalDocument } from '@/features/legal';
import { useLang } from '@/shared/i18n/useLang';
import { useServerMode } from '@/shared/lib/serverMode';

/** SPEC §2: the privacy statement and the general terms, read in a modal. */
export function LegalLinks({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState<'privacy' | 'gtc' | null>(null);
  return (
    <>
      <Group gap="md" wrap="wrap">
        {children}
        <Anchor
          component="button"
          type="button"
          className="vp-touch"
          onClick={() => setOpen('privacy')}
        >
          {t('account.readPrivacy')}
        </Anchor>
        <Anchor
          component="button"
          type="button"
          className="vp-touch"
          onClick={() => setOpen('gtc')}
        >
          {t('account.readTerms')}
        </Anchor>
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="lg"
        title={open === 'gtc' ? t('route.gtc') : t('route.privacy')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && <LegalText doc={legalDocument(open, lang)} lang={lang} />}
        <Group justify="flex-end">
          <Button className="vp-touch" onClick={() => setOpen(null)}>
            {t('common.close')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** Messages without a field, shown above the form (announced). */
export function FormMessages({ messages }: { messages: readonly Message[] }) {
  if (!messages.length) return null;
  const severity = messages.some((m) => m.severity === 'error')
    ? 'red'
    : messages.some((m) => m.severity === 'warn')
      ? 'yellow'
      : 'blue';
  return (
    <Alert color={severity} role="alert" data-testid="form-messages">
      {messages.map((m, i) => (
        <Text key={i} size="sm">
          {m.text}
        </Text>
      ))}
    </Alert>
  );
}

/** In sandbox mode, mails land in the server's mailbox page; link to it (never in production). */
export function SandboxMailboxLink() {
  const { t } = useTranslation();
  const mode = useServerMode();
  const lang = useLang();
  if (mode !== 'sandbox') return null;
  return (
    <Anchor href={`/sandbox/mailbox?lang=${lang}`} data-testid="sandbox-mailbox-link">
      {t('account.sandboxMailbox')}
    </Anchor>
  );
}
