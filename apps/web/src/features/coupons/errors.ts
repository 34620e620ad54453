import type { Message } from '@voltpark/contract';
import { ApiError } from '@/shared/api';

/** The server's messages of a refused call (translated by the server), or none. */
export function messagesOf(err: unknown): Message[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  return env.messages.length ? env.messages : env.message ? [env.message] : [];
}

/** One line for an alert: the server's words, else `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  const text = messagesOf(err)
    .map((m) => m.text)
    .join(' ');
  return text || fallback;
}

/** A call that failed for want of a network: the app already shows its notice. */
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.network;
