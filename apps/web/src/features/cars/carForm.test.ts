import { describe, expect, it } from 'vitest';
import {
  emptyCustomCar,
  parseDecimal,
  plateRule,
  roundDown,
  searchQuery,
  toCustomBody,
  validateCustomCar,
} from './carForm';

describe('custom car rules (SPEC §5 Cars)', () => {
  it('rounds the whole-number fields down, with a period or a comma', () => {
    expect(roundDown('75.9')).toBe(75);
    expect(roundDown('75,99')).toBe(75);
    expect(roundDown('420')).toBe(420);
    expect(roundDown('')).toBeNull();
    expect(roundDown('abc')).toBe('invalid');
  });

  it('reads AC/DC power as decimals with at most 2 places, a comma as the point', () => {
    expect(parseDecimal('7,4')).toBe(7.4);
    expect(parseDecimal('11.25')).toBe(11.25);
    expect(parseDecimal('11.255')).toBe('invalid');
    expect(parseDecimal('1,2,3')).toBe('invalid');
    expect(parseDecimal('')).toBeNull();
  });

  it('sends year, battery, range, efficiency and engine power rounded down; AC/DC kept', () => {
    const body = toCustomBody({
      ...emptyCustomCar(' ABC-123 '),
      producer: ' Tesla ',
      model: 'Model 3',
      yearOfProduction: '2021',
      batteryCapacityKWh: '75.8',
      rangeKm: '491,9',
      efficiencyKWhpKm: '1.7',
      enginePowerKw: '239.99',
      maxChargingPowerACKw: '11,5',
      maxChargingPowerDCKw: '250',
      chargePorts: ['1', '3'],
    });
    expect(body).toEqual({
      licensePlate: 'ABC-123',
      producer: 'Tesla',
      model: 'Model 3',
      yearOfProduction: 2021,
      batteryCapacityKWh: 75,
      rangeKm: 491,
      efficiencyKWhpKm: 1,
      enginePowerKw: 239,
      maxChargingPowerACKw: 11.5,
      maxChargingPowerDCKw: 250,
      chargePorts: [1, 3],
    });
  });

  it('leaves empty optional values out', () => {
    const body = toCustomBody({
      ...emptyCustomCar('X-1'),
      producer: 'A',
      model: 'B',
      yearOfProduction: '2020',
    });
    expect(Object.keys(body).sort()).toEqual(
      ['chargePorts', 'licensePlate', 'model', 'producer', 'yearOfProduction'].sort(),
    );
  });

  it('requires plate, producer, model and year; checks the year range and number formats', () => {
    expect(validateCustomCar(emptyCustomCar())).toEqual({
      licensePlate: 'form.required',
      producer: 'form.required',
      model: 'form.required',
      yearOfProduction: 'form.required',
    });
    const bad = validateCustomCar({
      ...emptyCustomCar('A'.repeat(21)),
      producer: 'P',
      model: 'M',
      yearOfProduction: '1850',
      rangeKm: '12a',
      maxChargingPowerDCKw: '7.123',
    });
    expect(bad).toEqual({
      licensePlate: 'cars.plateTooLong',
      yearOfProduction: 'cars.yearRange',
      rangeKm: 'cars.number',
      maxChargingPowerDCKw: 'cars.decimal',
    });
    expect(plateRule('ABC-123')).toBeNull();
  });

  it('searches with at most two words; an empty search lists everything', () => {
    expect(searchQuery('  tesla   model 3 ')).toBe('tesla model');
    expect(searchQuery('   ')).toBe('');
  });
});
