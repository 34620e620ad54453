import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/format';
import { useMinutesLabel } from './duration';
import { CHARGE_MINUTES, ENERGY_MAX_DIGITS, WIZARD_AMOUNTS } from './constants';
import {
  checkEnergy,
  ENERGY_ALERT_KEY,
  finishTimeOptions,
  pickerValues,
  sanitizeEnergyInput,
  type ModeChoice,
} from './modes';

const INPUT_DEBOUNCE_MS = 500;

/** SPEC §4 pick modes: time, amount, finish time, max kWh; each choice resets the others. */
export function ModePicker({
  choice,
  onChoose,
  timeModesAllowed,
  carsLink,
}: {
  choice: ModeChoice;
  onChoose: (c: ModeChoice) => void;
  /** Time modes need the car's charging power for this charger type. */
  timeModesAllowed: boolean;
  /** Show the add-a-car hint with a link (no usable car power). */
  carsLink: boolean;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const minutesLabel = useMinutesLabel();
  const values = pickerValues(choice);
  const [energyText, setEnergyText] = useState(values.energy ? String(values.energy) : '');
  // SPEC §5: out of range → an alert (under the field) and the field is cleared.
  const [energyAlert, setEnergyAlert] = useState<'tooLow' | 'tooHigh' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Another mode chosen: the energy field is reset with the others.
  useEffect(() => {
    if (choice?.mode !== 'energy') setEnergyText((v) => (timer.current ? v : ''));
  }, [choice]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // Recomputed when the picker renders; the list starts at the next quarter hour.
  const [finishOptions] = useState(() => finishTimeOptions(Date.now()));

  function commitEnergy(text: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const r = checkEnergy(text);
    if (r.kind === 'ok') {
      setEnergyAlert(null);
      onChoose({ mode: 'energy', kWh: r.kWh });
      return;
    }
    setEnergyAlert(r.kind === 'clear' ? null : r.kind);
    setEnergyText('');
    if (choice?.mode === 'energy') onChoose(null);
  }

  function energyChanged(raw: string) {
    const v = sanitizeEnergyInput(raw);
    setEnergyText(v);
    setEnergyAlert(null);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commitEnergy(v), INPUT_DEBOUNCE_MS);
  }

  const none = { value: '', label: t('charging.mode.choose') };
  return (
    <>
      {!timeModesAllowed && (
        <Alert color="blue" title={t('charging.mode.needCarTitle')}>
          {t('charging.mode.needCar')}{' '}
          {carsLink && (
            <Anchor component={Link} to="/cars">
              {t('charging.wizard.toCars')}
            </Anchor>
          )}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('charging.mode.time')}
          disabled={!timeModesAllowed}
          value={values.time === null ? '' : String(values.time)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChoose(v ? { mode: 'time', minutes: Number(v) } : null);
          }}
          data={[
            none,
            ...CHARGE_MINUTES.map((m) => ({ value: String(m), label: minutesLabel(m) })),
          ]}
        />
        <NativeSelect
          label={t('charging.mode.amount')}
          value={values.amount === null ? '' : String(values.amount)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChoose(v ? { mode: 'amount', amount: Number(v) } : null);
          }}
          data={[none, ...WIZARD_AMOUNTS.map((a) => ({ value: String(a), label: formatMoney(a) }))]}
        />
        <NativeSelect
          label={t('charging.mode.finishTime')}
          disabled={!timeModesAllowed}
          value={values.finishTime === null ? '' : String(values.finishTime)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChoose(v ? { mode: 'finishTime', finishAt: Number(v) } : null);
          }}
          data={[
            none,
            ...finishOptions.map((o) => ({
              value: String(o.at),
              label: t(`charging.mode.${o.day}`, { time: o.time }),
            })),
          ]}
        />
        <TextInput
          label={t('charging.mode.energy')}
          description={t('charging.mode.energyHint')}
          inputMode="numeric"
          maxLength={ENERGY_MAX_DIGITS}
          value={energyText}
          onChange={(e) => energyChanged(e.currentTarget.value)}
          onBlur={() => timer.current && commitEnergy(energyText)}
          error={energyAlert ? t(ENERGY_ALERT_KEY[energyAlert]) : null}
          errorProps={{ role: 'alert' }}
          rightSection="kWh"
          rightSectionWidth={48}
        />
      </SimpleGrid>
    </>
  );
}
