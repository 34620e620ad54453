import { describe, expect, it } from 'vitest';
import { readOptions } from './operator-cli.js';

const options = {
  token: { type: 'string' },
  points: { type: 'string' },
  name: { type: 'string' },
  force: { type: 'boolean' },
} as const;

describe('operator command lines', () => {
  const read = (args: string[]) => {
    const errors: string[] = [];
    return { values: readOptions(args, options, 'usage', (s) => errors.push(s)), errors };
  };

  it('take a token or a number that starts with a dash as the value of its option', () => {
    expect(read(['--token', '-AbC_9', '--points', '-200', '--name', 'X']).values).toEqual({
      token: '-AbC_9',
      points: '-200',
      name: 'X',
    });
  });

  it('still see a missing value when the next word is an option of the command', () => {
    const { values, errors } = read(['--token', '--force']);
    expect(values).toBeNull();
    expect(errors[0]).toMatch(/--token/);
  });

  it('refuse an unknown option', () => {
    expect(read(['--tokn', 'x']).values).toBeNull();
  });
});
