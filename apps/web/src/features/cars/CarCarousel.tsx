import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Car } from '@voltpark/contract';

/** SPEC §9: car carousel gap 10, move animation 300 ms. */
const GAP = 10;

/**
 * The user's cars, one slide at a time (SPEC §2 Cars tab 2). Keyboard: the previous/next
 * buttons, or the arrow keys while focus is in the carousel; hidden slides are inert.
 */
export function CarCarousel({
  cars,
  onDefault,
  onDetails,
  onDelete,
}: {
  cars: readonly Car[];
  onDefault: (car: Car) => void;
  onDetails: (car: Car) => void;
  onDelete: (car: Car) => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = Math.min(index, cars.length - 1);
  const go = (i: number) => setIndex(Math.max(0, Math.min(cars.length - 1, i)));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('cars.carousel')}
      aria-label={t('cars.myCars')}
      onKeyDown={onKey}
      data-testid="car-carousel"
    >
      <Group justify="space-between" mb="xs">
        <ActionIcon
          variant="outline"
          size={44}
          onClick={() => go(current - 1)}
          disabled={current === 0}
          aria-label={t('cars.previous')}
        >
          ‹
        </ActionIcon>
        <Text size="sm" aria-live="polite">
          {t('cars.position', { n: current + 1, total: cars.length })}
        </Text>
        <ActionIcon
          variant="outline"
          size={44}
          onClick={() => go(current + 1)}
          disabled={current === cars.length - 1}
          aria-label={t('cars.next')}
        >
          ›
        </ActionIcon>
      </Group>
      <Box style={{ overflow: 'hidden' }}>
        <Box
          style={{
            display: 'flex',
            gap: GAP,
            transform: `translateX(calc(${-current * 100}% - ${current * GAP}px))`,
            transition: 'transform 300ms ease',
          }}
          className="vp-car-track"
        >
          {cars.map((car, i) => (
            <Card
              key={car.id}
              withBorder
              p="md"
              role="group"
              aria-roledescription={t('cars.slide')}
              aria-label={`${car.producer} ${car.model}, ${car.licensePlate}`}
              aria-hidden={i !== current}
              inert={i !== current}
              style={{ flex: '0 0 100%' }}
              data-testid="car-slide"
              data-current={i === current ? 'true' : undefined}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h4">
                    {car.producer} {car.model}
                  </Title>
                  {car.defaultCar && (
                    <Badge color="green" variant="light" data-testid="car-default">
                      {t('cars.default')}
                    </Badge>
                  )}
                </Group>
                <Text fw={600} data-testid="car-plate">
                  {car.licensePlate}
                </Text>
                {car.addedByUser && <Text size="sm">{t('cars.custom')}</Text>}
                <Group gap="sm" mt="xs">
                  {!car.defaultCar && (
                    <Button variant="outline" className="vp-touch" onClick={() => onDefault(car)}>
                      {t('cars.setDefault')}
                    </Button>
                  )}
                  <Button variant="outline" className="vp-touch" onClick={() => onDetails(car)}>
                    {t('cars.details')}
                  </Button>
                  <Button
                    variant="outline"
                    color="red"
                    className="vp-touch"
                    onClick={() => onDelete(car)}
                  >
                    {t('cars.delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Box>
      </Box>
    </section>
  );
}
