import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Car } from '@voltpark/contract';
import { splitMessages } from '@/features/account';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { formatCompact } from '@/shared/format';
import { AutomaticCardPayment } from './AutomaticCardPayment';
import { CameraParkingSwitch } from './CameraParkingSwitch';
import { plateRule } from './carForm';
import { catalogueValue } from './catalogueValues';

type Row = [labelKey: string, value: string | null];

// The labels here carry no unit: the values do ("54 kWh", not "Battery capacity (kWh) 54 kWh").

function rows(car: Car, t: TFunction): Row[] {
  const n = (v: number | null, unit = '') => (v === null ? null : `${formatCompact(v)}${unit}`);
  return [
    ['cars.year', car.yearOfProduction === null ? null : String(car.yearOfProduction)],
    ['cars.spec.battery', n(car.batteryCapacityKWh, ' kWh')],
    ['cars.spec.range', n(car.rangeKm, ' km')],
    ['cars.spec.efficiency', n(car.efficiencyKWhpKm, ' kWh/km')],
    ['cars.spec.enginePower', n(car.enginePowerKw, ' kW')],
    ['cars.spec.acPower', n(car.maxChargingPowerACKw, ' kW')],
    ['cars.spec.dcPower', n(car.maxChargingPowerDCKw, ' kW')],
    ['cars.chargePorts', car.chargePorts.map((p) => p.name).join(', ') || null],
    ['cars.topSpeed', n(car.topSpeedKmph, ' km/h')],
    ['cars.acceleration', n(car.accelerationZeroToHundredKmph, ' s')],
    ['cars.torque', n(car.engineTorqueNm, ' Nm')],
    ['cars.motorType', catalogueValue(car.motorType, t)],
    ['cars.seats', car.seats === null ? null : String(car.seats)],
    ['cars.bodyStyle', catalogueValue(car.bodyStyle, t)],
    ['cars.cargo', n(car.cargoVolumeL, ' l')],
    ['cars.weight', n(car.crubWeightKg, ' kg')],
    ['cars.towing', n(car.towingCapacityKg, ' kg')],
  ];
}

/**
 * A car's details with its editable plate (SPEC §4 Car editing): a changed plate is saved only
 * when the user confirms on close; otherwise the change is dropped.
 */
export function CarDetails({
  car,
  onClose,
  onSaved,
}: {
  car: Car;
  onClose: () => void;
  onSaved: (car: Car) => void;
}) {
  const { t } = useTranslation();
  const [plate, setPlate] = useState(car.licensePlate);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const changed = plate.trim() !== car.licensePlate;

  const close = () => {
    if (!changed) return onClose();
    const rule = plateRule(plate);
    if (rule) {
      setError(t(rule));
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    try {
      const saved = await callApi(apiRoutes.carUpdate, {
        body: { id: car.id, licensePlate: plate.trim() },
        inlineErrors: true,
      });
      onSaved(saved);
    } catch (err) {
      const { fields, general } = splitMessages(err);
      setConfirming(false);
      setError(fields.licensePlate ?? general[0]?.text ?? t('cars.saveFailed'));
    }
  };

  return (
    <>
      <Modal
        opened={!confirming}
        onClose={close}
        title={`${car.producer} ${car.model}`}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <TextInput
            id="f-car-edit-plate"
            label={t('cars.plate')}
            required
            maxLength={20}
            value={plate}
            onChange={(e) => {
              setPlate(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            description={t('cars.plateEditHint')}
          />
          <Table>
            <Table.Tbody>
              {rows(car, t)
                .filter(([, v]) => v !== null)
                .map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th scope="row">{t(k)}</Table.Th>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          {car.addedByUser && <Text size="sm">{t('cars.customNote')}</Text>}
          <CameraParkingSwitch carId={car.id} />
          <AutomaticCardPayment carId={car.id} />
          <Group justify="flex-end">
            <Button className="vp-touch" onClick={close}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onNo={onClose}
        title={t('cars.plateChangedTitle')}
        text={t('cars.plateChangedConfirm', { plate: plate.trim() })}
        yesTestId="plate-save-yes"
        onYes={() => void save()}
      />
    </>
  );
}
