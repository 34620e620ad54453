import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARK_CODE_LENGTH } from './constants';
import { parkCodeChar, pasteParkCode } from './parkCode';

/**
 * SPEC §5 parking code: 5 boxes of one character each (0-9/A-Z, upper-cased); other characters
 * are rejected; paste takes only text of at most 5 such characters.
 */
export function ParkCodeInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) =>
    refs.current[Math.max(0, Math.min(PARK_CODE_LENGTH - 1, i))]?.focus();

  function typed(i: number, raw: string) {
    const last = raw.slice(-1);
    if (last === '') {
      const next = [...value];
      next[i] = '';
      onChange(next);
      return;
    }
    const c = parkCodeChar(last);
    if (!c) return;
    const next = [...value];
    next[i] = c;
    onChange(next);
    if (i < PARK_CODE_LENGTH - 1) focus(i + 1);
  }

  function keyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && value[i] === '' && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  }

  function pasted(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    const chars = pasteParkCode(e.clipboardData.getData('text'));
    if (!chars) return;
    const next = Array.from({ length: PARK_CODE_LENGTH }, (_, k) => chars[k] ?? '');
    onChange(next);
    focus(Math.min(chars.length, PARK_CODE_LENGTH - 1));
  }

  const errorId = 'park-code-error';
  return (
    <Input.Wrapper
      label={t('charging.parkCode.label')}
      description={t('charging.parkCode.hint')}
      error={error}
      errorProps={{ id: errorId }}
      id="park-code"
    >
      <Group gap="xs" mt={4} role="group" aria-label={t('charging.parkCode.label')}>
        {value.map((c, i) => (
          <TextInput
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={c}
            onChange={(e) => typed(i, e.currentTarget.value)}
            onKeyDown={(e) => keyDown(i, e)}
            onPaste={pasted}
            aria-label={t('charging.parkCode.box', { n: i + 1, of: PARK_CODE_LENGTH })}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={!!error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            w={44}
            styles={{ input: { textAlign: 'center', fontWeight: 700, minHeight: 44 } }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
