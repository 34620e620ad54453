import { useSyncExternalStore } from 'react';
import type { Message } from '@voltpark/contract';
import i18n from '../i18n';

const COLORS: Record<Message['severity'], string> = { info: 'blue', warn: 'yellow', error: 'red' };

let wanted = false;
const listeners = new Set<() => void>();

/** True once any notice was shown: the container is mounted from then on. */
export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}

/** Shows a notice; identical texts shown at the same time are merged into one. */
export function notify(
  text: string,
  severity: Message['severity'] = 'info',
  opts: { id?: string; title?: string; autoCloseMs?: number | false } = {},
): void {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  // The notifications package loads with the first notice.
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: opts.id ?? `msg-${severity}-${text}`,
      title: opts.title,
      message: text,
      color: COLORS[severity],
      // SPEC §8: in full-screen mode messages disappear after 5 s; errors stay a little longer.
      autoClose: opts.autoCloseMs ?? (severity === 'error' ? 8000 : 5000),
      withCloseButton: true,
      // Mantine's close button is an icon: without a name screen readers say only "button".
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
    }),
  );
}

export function showMessages(messages: readonly Message[]): void {
  for (const m of messages) notify(m.text, m.severity);
}

/** The notices a 401 showed ("log in first"), by id: they go once the user is signed in again. */
const loginNotices = new Set<string>();

/** Shows a 401's messages as notices that `dismissLoginNotices` takes away. */
export function showLoginMessages(messages: readonly Message[]): void {
  for (const m of messages) {
    const id = `login-${m.severity}-${m.text}`;
    loginNotices.add(id);
    notify(m.text, m.severity, { id });
  }
}

/** The user is signed in (again): a notice that asked them to log in is no longer true. */
export function dismissLoginNotices(): void {
  if (loginNotices.size === 0) return;
  const ids = [...loginNotices];
  loginNotices.clear();
  void import('@mantine/notifications').then(({ notifications }) => {
    for (const id of ids) notifications.hide(id);
  });
}
