import { describe, expect, it } from 'vitest';
import { captchaExpired, CAPTCHA_CHECK_MS, CAPTCHA_VALID_MS } from './captcha';
import { validateNewPassword } from './ForgottenPasswordPage';
import { emailEditable, validateProfile } from './ProfilePage';
import { validateRegister } from './RegisterPage';
import { displayPhone, emailRule, newPasswordRule, parsePhone, repeatRule } from './rules';

const base = { hasPassword: true, usedApple: false, usedFacebook: false, usedGoogle: false };

describe('client rules (SPEC §5)', () => {
  it('e-mail', () => {
    expect(emailRule('')).toBe('form.required');
    expect(emailRule('nem-email')).toBe('form.email');
    expect(emailRule(' anna@example.hu ')).toBeNull();
    expect(emailRule(`${'a'.repeat(260)}@x.hu`)).toBe('form.tooLong');
  });

  it('new password: 8+, lower, upper, digit, no edge spaces', () => {
    expect(newPasswordRule('')).toBe('form.required');
    expect(newPasswordRule('Abc1234')).toBe('form.passwordWeak');
    expect(newPasswordRule('abcdefg1')).toBe('form.passwordWeak');
    expect(newPasswordRule('ABCDEFG1')).toBe('form.passwordWeak');
    expect(newPasswordRule('Abcdefgh')).toBe('form.passwordWeak');
    expect(newPasswordRule(' Abcdefg1')).toBe('form.passwordSpace');
    expect(newPasswordRule('Abcdefg1 ')).toBe('form.passwordSpace');
    expect(newPasswordRule('Árvíztűrő1')).toBeNull();
    expect(repeatRule('Abcdefg1', 'Abcdefg2')).toBe('form.passwordMismatch');
    expect(repeatRule('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('phone: HU default region, international format, required', () => {
    expect(parsePhone('06 30 123 4567')).toEqual({ ok: true, value: '+36 30 123 4567' });
    expect(parsePhone(' +36301234567 ')).toEqual({ ok: true, value: '+36 30 123 4567' });
    expect(parsePhone('12')).toEqual({ ok: false, error: 'form.phone' });
    expect(parsePhone('')).toEqual({ ok: false, error: 'form.required' });
    expect(parsePhone('', false)).toEqual({ ok: true, value: '' });
    expect(displayPhone('+36301234567')).toBe('+36 30 123 4567');
  });

  it('registration form', () => {
    expect(
      validateRegister({
        email: 'x',
        phone: '',
        password: 'abc',
        password2: 'abd',
        inputCode: '',
        accepted: false,
      }),
    ).toEqual({
      email: 'form.email',
      phone: 'form.required',
      password: 'form.passwordWeak',
      password2: 'form.passwordMismatch',
      inputCode: 'form.required',
      accepted: 'account.acceptRequired',
    });
    expect(
      validateRegister({
        email: 'anna@example.hu',
        phone: '+36 30 123 4567',
        password: 'Abcdefg1',
        password2: 'Abcdefg1',
        inputCode: 'VOLT5',
        accepted: true,
      }),
    ).toEqual({});
  });

  it('new-password form', () => {
    expect(validateNewPassword('Abcdefg1', '')).toEqual({ password2: 'form.required' });
    expect(validateNewPassword('Abcdefg1', 'Abcdefg1')).toEqual({});
  });

  it('profile: phone required; old password needed to change an existing password', () => {
    const v = {
      email: 'a@b.hu',
      phone: '',
      lang: 'hu' as const,
      oldPassword: '',
      password: '',
      password2: '',
    };
    expect(validateProfile(v, base)).toEqual({ phone: 'form.required' });
    expect(
      validateProfile(
        { ...v, phone: '+36301234567', password: 'Abcdefg1', password2: 'Abcdefg1' },
        base,
      ),
    ).toEqual({ oldPassword: 'form.required' });
    expect(
      validateProfile(
        { ...v, phone: '+36301234567', password: 'Abcdefg1', password2: 'Abcdefg1' },
        { ...base, hasPassword: false, usedGoogle: true },
      ),
    ).toEqual({});
    expect(emailEditable(base)).toBe(false);
    expect(emailEditable({ ...base, hasPassword: false, usedApple: true })).toBe(true);
  });
});

describe('captcha expiry (SPEC §4)', () => {
  it('expires 14 minutes after it is fetched, checked every 15 s', () => {
    expect(CAPTCHA_VALID_MS).toBe(14 * 60 * 1000);
    expect(CAPTCHA_CHECK_MS).toBe(15_000);
    expect(captchaExpired(null, Date.now())).toBe(false);
    expect(captchaExpired(0, CAPTCHA_VALID_MS - 1)).toBe(false);
    expect(captchaExpired(0, CAPTCHA_VALID_MS)).toBe(true);
  });
});
