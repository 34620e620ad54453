import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';

/** The frame of a normal (not full-screen) page: one h1 and the content. */
export function PageFrame({
  title,
  children,
  size = 'sm',
}: {
  title: ReactNode;
  children?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <Container size={size} px="md" py="lg" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
