import { useState } from 'react';
import {
  Select,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchesText } from '@/shared/lib/text';

/** SPEC §5: an option matches when every typed word occurs in it, any case and accents. */
export const wordsFilter: OptionsFilter = ({ options, search }) =>
  options.filter(
    (o: ComboboxParsedItem) => 'label' in o && matchesText(search, [(o as ComboboxItem).label]),
  );

/** A searchable list that accepts only one of its options (country, public-space type). */
export function WordSelect({
  id,
  label,
  data,
  value,
  onChange,
  error,
  testId,
}: {
  id: string;
  label: string;
  data: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labelOf = (v: string) => data.find((d) => d.value === v)?.label ?? '';
  // The typed text always ends as the chosen option's name: also when the option chosen is the
  // one already selected, and when the field is left without a choice.
  const chosen = labelOf(value);
  const [search, setSearch] = useState(chosen);
  const [shown, setShown] = useState(chosen);
  if (chosen !== shown) {
    setShown(chosen);
    setSearch(chosen);
  }
  return (
    <Select
      id={id}
      label={label}
      required
      searchable
      data={data as { value: string; label: string }[]}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(v) => setSearch(labelOf(v))}
      onBlur={() => setSearch(labelOf(value))}
      filter={wordsFilter}
      limit={50}
      nothingFoundMessage={t('billing.nothingFound')}
      allowDeselect={false}
      error={error}
      maxLength={255}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
