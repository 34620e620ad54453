import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Message } from '@voltpark/contract';
import { ApiError } from '@/shared/api';

/** A client rule's result: an i18n key, or null when the value is fine. */
export type RuleResult = string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_TEXT = 255;

export function required(v: string): RuleResult {
  return v.trim() === '' ? 'form.required' : null;
}

/** SPEC §5 E-mail: a pattern; max 255. */
export function emailRule(v: string): RuleResult {
  const t = v.trim();
  if (!t) return 'form.required';
  if (t.length > MAX_TEXT) return 'form.tooLong';
  return EMAIL.test(t) ? null : 'form.email';
}

/** SPEC §5 New password: 8+ characters, lower, upper, digit, no edge spaces, max 255. */
export function newPasswordRule(v: string): RuleResult {
  if (v === '') return 'form.required';
  if (v.length > MAX_TEXT) return 'form.tooLong';
  if (v.trim() !== v) return 'form.passwordSpace';
  if (v.length < 8 || !/\p{Ll}/u.test(v) || !/\p{Lu}/u.test(v) || !/[0-9]/.test(v))
    return 'form.passwordWeak';
  return null;
}

/** SPEC §5: the confirmation must equal the password. */
export function repeatRule(password: string, repeat: string): RuleResult {
  if (repeat === '') return 'form.required';
  return repeat === password ? null : 'form.passwordMismatch';
}

/**
 * SPEC §5 Phone: trimmed; empty only when not required; parsed with Hungary as the default
 * region, valid, and given back in international format.
 */
export function parsePhone(
  v: string,
  isRequired = true,
): { ok: true; value: string } | { ok: false; error: string } {
  const t = v.trim();
  if (!t) return isRequired ? { ok: false, error: 'form.required' } : { ok: true, value: '' };
  if (t.length > MAX_TEXT) return { ok: false, error: 'form.tooLong' };
  const p = parsePhoneNumberFromString(t, 'HU');
  if (!p || !p.isValid()) return { ok: false, error: 'form.phone' };
  return { ok: true, value: p.formatInternational() };
}

/** Shows a stored phone in international format (as typed when it cannot be parsed). */
export function displayPhone(v: string | null | undefined): string {
  if (!v) return '';
  const p = parsePhoneNumberFromString(v, 'HU');
  return p?.isValid() ? p.formatInternational() : v;
}

/** Splits a failed call's messages: those with a field go under that input, the rest on top. */
export function splitMessages(e: unknown): { fields: Record<string, string>; general: Message[] } {
  const fields: Record<string, string> = {};
  const general: Message[] = [];
  if (e instanceof ApiError && e.envelope) {
    const all = e.envelope.messages.length
      ? e.envelope.messages
      : e.envelope.message
        ? [e.envelope.message]
        : [];
    for (const m of all) {
      if (m.field && !(m.field in fields)) fields[m.field] = m.text;
      else if (!m.field) general.push(m);
    }
  }
  return { fields, general };
}

/** Moves focus to the first input (in the given order) that has an error. */
export function focusFirstError(order: readonly string[], errors: Record<string, unknown>): void {
  const first = order.find((f) => errors[f]);
  if (!first) return;
  requestAnimationFrame(() => document.getElementById(`f-${first}`)?.focus());
}
