import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@/app/theme';
import { notify } from './notify';
import { inHungarian } from '@/test/i18n';

describe('notify', () => {
  inHungarian();

  it('shows the text with a close button that has an accessible name', async () => {
    render(
      <MantineProvider theme={theme}>
        <Notifications />
      </MantineProvider>,
    );
    notify('A kártya mentve.', 'info', { autoCloseMs: false });
    expect(await screen.findByText('A kártya mentve.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bezárás' })).toBeTruthy();
  });
});
