import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';

/** Labels and their values as a two-column definition list (a record card's figures). */
export function FigureList({
  rows,
  testId,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  testId?: string;
}) {
  return (
    <SimpleGrid cols={2} spacing={4} component="dl" m={0} data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <Text component="dt" size="sm">
            {k}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {v}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
