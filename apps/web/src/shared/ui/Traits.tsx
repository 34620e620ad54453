import { Anchor, Badge, Group, Table } from '@mantine/core';
import type { TraitValue } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '../format';
import { traitRows, type TraitDisplay } from '../lib/traits';

function Value({ d }: { d: TraitDisplay }) {
  const { t } = useTranslation();
  switch (d.kind) {
    case 'link':
      return (
        <Anchor href={d.href} target="_blank" rel="noopener noreferrer">
          {d.text}
        </Anchor>
      );
    case 'email':
    case 'phone':
      return <Anchor href={d.href}>{d.text}</Anchor>;
    case 'boolean':
      return <>{d.value ? t('common.yes') : t('common.no')}</>;
    case 'performance':
      return (
        <>
          {formatCompact(d.value, 1)} {d.unit}
        </>
      );
    case 'outlets':
    case 'list':
      return (
        <Group gap={4} component="span">
          {d.items.map((i) => (
            <Badge key={i} variant="light" color="dark" tt="none" component="span">
              {i}
            </Badge>
          ))}
        </Group>
      );
    default:
      return <>{d.text}</>;
  }
}

/**
 * A long one-word name ("Roamingpartnerek") breaks inside its 40 % cell, hyphenated where the
 * browser knows the language, instead of running under the value beside it.
 */
const NAME_WRAP = { overflowWrap: 'anywhere', hyphens: 'auto' } as const;

/** Trait names and values (SPEC §3 Trait value) as a two-column table. */
export function Traits({
  traits,
  majorOnly,
  caption,
}: {
  traits: readonly TraitValue[];
  majorOnly?: boolean;
  caption?: string;
}) {
  const rows = traitRows(traits, { majorOnly });
  if (rows.length === 0) return null;
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing={6} fz="sm">
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Th w="40%" fw={600} style={NAME_WRAP}>
              {r.name}
            </Table.Th>
            <Table.Td>
              <Value d={r.display} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
