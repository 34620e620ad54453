/**
 * The vehicle catalogue: real EV models with plausible published figures (usable battery,
 * WLTP range, power, charging). EPA/NEDC ranges, efficiency and the average DC charging speed
 * are derived from them in the seed so the figures stay consistent.
 */
export type Port = 'Type 2' | 'CCS' | 'CHAdeMO' | 'Type 1';

export interface VehicleSpec {
  producer: string;
  model: string;
  year: number;
  batteryKWh: number;
  wltpKm: number;
  powerKw: number;
  acKw: number;
  dcKw: number;
  ports: Port[];
  topSpeed: number;
  zeroToHundred: number;
  torqueNm: number;
  motor: 'RWD' | 'FWD' | 'AWD';
  seats: number;
  wheelbaseMm: number;
  body: string;
  cargoL: number;
  weightKg: number;
  towingKg: number;
}

type Row = [
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  'ccs' | 'chademo' | 'type1chademo',
  number,
  number,
  number,
  'RWD' | 'FWD' | 'AWD',
  number,
  number,
  string,
  number,
  number,
  number,
];

// producer, model, year, battery, WLTP km, kW, AC kW, DC kW, ports, top speed, 0-100 s,
// torque Nm, drive, seats, wheelbase mm, body, cargo L, curb weight kg, towing kg
const rows: Row[] = [
  ['Tesla', 'Model 3 RWD', 2024, 57.5, 513, 208, 11, 170, 'ccs', 201, 6.1, 420, 'RWD', 5, 2875, 'Sedan', 594, 1765, 1000],
  ['Tesla', 'Model 3 Long Range AWD', 2024, 75, 629, 366, 11, 250, 'ccs', 201, 4.4, 493, 'AWD', 5, 2875, 'Sedan', 594, 1828, 1000],
  ['Tesla', 'Model 3 Performance', 2024, 75, 528, 460, 11, 250, 'ccs', 262, 3.1, 741, 'AWD', 5, 2875, 'Sedan', 594, 1901, 1000],
  ['Tesla', 'Model Y RWD', 2024, 57.5, 455, 220, 11, 170, 'ccs', 217, 6.9, 420, 'RWD', 5, 2890, 'SUV', 854, 1909, 1600],
  ['Tesla', 'Model Y Long Range AWD', 2024, 75, 533, 378, 11, 250, 'ccs', 217, 5.0, 493, 'AWD', 5, 2890, 'SUV', 854, 1979, 1600],
  ['Tesla', 'Model S Long Range', 2023, 95, 634, 493, 11, 250, 'ccs', 250, 3.2, 720, 'AWD', 5, 2960, 'Liftback', 793, 2069, 1600],
  ['Volkswagen', 'ID.3 Pro', 2023, 58, 426, 150, 11, 120, 'ccs', 160, 7.3, 310, 'RWD', 5, 2770, 'Hatchback', 385, 1794, 0],
  ['Volkswagen', 'ID.3 Pro S', 2023, 77, 559, 150, 11, 170, 'ccs', 160, 7.9, 310, 'RWD', 4, 2770, 'Hatchback', 385, 1934, 0],
  ['Volkswagen', 'ID.4 Pro', 2023, 77, 531, 210, 11, 135, 'ccs', 180, 6.7, 545, 'RWD', 5, 2765, 'SUV', 543, 2124, 1000],
  ['Volkswagen', 'ID.4 GTX', 2023, 77, 494, 250, 11, 175, 'ccs', 180, 5.4, 460, 'AWD', 5, 2765, 'SUV', 543, 2224, 1400],
  ['Volkswagen', 'ID.5 Pro', 2023, 77, 547, 210, 11, 135, 'ccs', 180, 6.7, 545, 'RWD', 5, 2766, 'SUV', 549, 2117, 1000],
  ['Volkswagen', 'ID.7 Pro', 2024, 77, 621, 210, 11, 175, 'ccs', 180, 6.5, 545, 'RWD', 5, 2971, 'Liftback', 532, 2172, 1000],
  ['Volkswagen', 'ID. Buzz Pro', 2023, 77, 423, 150, 11, 170, 'ccs', 145, 10.2, 310, 'RWD', 5, 2988, 'MPV', 1121, 2471, 1000],
  ['Volkswagen', 'e-Golf', 2020, 32, 231, 100, 7.2, 40, 'ccs', 150, 9.6, 290, 'FWD', 5, 2630, 'Hatchback', 341, 1615, 0],
  ['Škoda', 'Enyaq 60', 2023, 58, 412, 132, 11, 120, 'ccs', 160, 8.7, 310, 'RWD', 5, 2765, 'SUV', 585, 1965, 1000],
  ['Škoda', 'Enyaq 85', 2024, 77, 570, 210, 11, 135, 'ccs', 180, 6.7, 545, 'RWD', 5, 2765, 'SUV', 585, 2070, 1200],
  ['Škoda', 'Enyaq Coupé RS', 2023, 77, 500, 220, 11, 175, 'ccs', 180, 6.5, 460, 'AWD', 5, 2765, 'SUV', 570, 2211, 1400],
  ['Škoda', 'Elroq 85', 2025, 77, 580, 210, 11, 175, 'ccs', 180, 6.6, 545, 'RWD', 5, 2765, 'SUV', 470, 1966, 1000],
  ['Hyundai', 'Ioniq 5 58 kWh', 2023, 54, 384, 125, 11, 175, 'ccs', 185, 8.5, 350, 'RWD', 5, 3000, 'SUV', 527, 1910, 1600],
  ['Hyundai', 'Ioniq 5 77 kWh AWD', 2023, 74, 454, 239, 11, 233, 'ccs', 185, 5.1, 605, 'AWD', 5, 3000, 'SUV', 527, 2095, 1600],
  ['Hyundai', 'Ioniq 6 Long Range', 2023, 74, 614, 168, 11, 233, 'ccs', 185, 7.4, 350, 'RWD', 5, 2950, 'Sedan', 401, 1910, 1500],
  ['Hyundai', 'Kona Electric 65 kWh', 2024, 64.8, 514, 160, 11, 102, 'ccs', 172, 7.8, 255, 'FWD', 5, 2660, 'SUV', 466, 1770, 750],
  ['Kia', 'EV6 RWD Long Range', 2023, 74, 528, 168, 11, 233, 'ccs', 185, 7.3, 350, 'RWD', 5, 2900, 'SUV', 490, 1985, 1600],
  ['Kia', 'EV6 GT', 2023, 74, 424, 430, 11, 233, 'ccs', 260, 3.5, 740, 'AWD', 5, 2900, 'SUV', 480, 2185, 1800],
  ['Kia', 'EV9 AWD', 2024, 96, 505, 283, 11, 210, 'ccs', 200, 6.0, 600, 'AWD', 7, 3100, 'SUV', 333, 2624, 2500],
  ['Kia', 'Niro EV', 2023, 64.8, 460, 150, 11, 72, 'ccs', 167, 7.8, 255, 'FWD', 5, 2720, 'SUV', 475, 1757, 750],
  ['Kia', 'EV3 Long Range', 2025, 78, 605, 150, 11, 128, 'ccs', 170, 7.9, 283, 'FWD', 5, 2680, 'SUV', 460, 1885, 1000],
  ['Renault', 'Zoe R135', 2021, 52, 386, 100, 22, 46, 'ccs', 140, 9.5, 245, 'FWD', 5, 2588, 'Hatchback', 338, 1577, 0],
  ['Renault', 'Megane E-Tech EV60', 2023, 60, 450, 160, 22, 130, 'ccs', 160, 7.4, 300, 'FWD', 5, 2685, 'Hatchback', 440, 1636, 900],
  ['Renault', '5 E-Tech 52 kWh', 2025, 52, 410, 110, 11, 100, 'ccs', 150, 7.9, 245, 'FWD', 5, 2540, 'Hatchback', 326, 1449, 500],
  ['Nissan', 'Leaf 40 kWh', 2022, 39, 270, 110, 6.6, 46, 'type1chademo', 144, 7.9, 320, 'FWD', 5, 2700, 'Hatchback', 435, 1580, 0],
  ['Nissan', 'Leaf e+ 62 kWh', 2022, 59, 385, 160, 6.6, 100, 'type1chademo', 157, 7.3, 340, 'FWD', 5, 2700, 'Hatchback', 420, 1731, 0],
  ['Nissan', 'Ariya 87 kWh', 2023, 87, 533, 178, 22, 130, 'ccs', 160, 7.6, 300, 'FWD', 5, 2775, 'SUV', 468, 2008, 750],
  ['Mitsubishi', 'Outlander PHEV', 2022, 20, 86, 185, 3.7, 50, 'chademo', 170, 7.9, 332, 'AWD', 5, 2706, 'SUV', 495, 2077, 1600],
  ['BMW', 'i4 eDrive40', 2023, 81, 590, 250, 11, 205, 'ccs', 190, 5.7, 430, 'RWD', 5, 2856, 'Liftback', 470, 2125, 1600],
  ['BMW', 'i4 M50', 2023, 81, 520, 400, 11, 205, 'ccs', 225, 3.9, 795, 'AWD', 5, 2856, 'Liftback', 470, 2290, 1600],
  ['BMW', 'iX1 xDrive30', 2023, 64.7, 440, 230, 11, 130, 'ccs', 180, 5.6, 494, 'AWD', 5, 2692, 'SUV', 490, 2085, 1200],
  ['BMW', 'iX xDrive50', 2023, 105.2, 630, 385, 11, 195, 'ccs', 200, 4.6, 765, 'AWD', 5, 3000, 'SUV', 500, 2510, 2500],
  ['BMW', 'i3 120 Ah', 2020, 37.9, 285, 125, 11, 50, 'ccs', 150, 7.3, 250, 'RWD', 4, 2570, 'Hatchback', 260, 1345, 0],
  ['Audi', 'Q4 e-tron 45', 2024, 77, 520, 210, 11, 135, 'ccs', 180, 6.7, 545, 'RWD', 5, 2764, 'SUV', 520, 2125, 1200],
  ['Audi', 'Q4 Sportback e-tron 50 quattro', 2023, 77, 500, 220, 11, 175, 'ccs', 180, 6.2, 460, 'AWD', 5, 2764, 'SUV', 535, 2210, 1400],
  ['Audi', 'Q8 e-tron 55 quattro', 2023, 106, 582, 300, 11, 170, 'ccs', 200, 5.6, 664, 'AWD', 5, 2928, 'SUV', 569, 2585, 1800],
  ['Audi', 'e-tron GT quattro', 2023, 84, 488, 390, 11, 270, 'ccs', 245, 4.1, 640, 'AWD', 4, 2900, 'Sedan', 405, 2276, 0],
  ['Mercedes-Benz', 'EQA 250+', 2024, 70.5, 528, 140, 11, 100, 'ccs', 160, 8.6, 385, 'FWD', 5, 2729, 'SUV', 340, 2040, 750],
  ['Mercedes-Benz', 'EQB 300 4MATIC', 2023, 66.5, 423, 168, 11, 100, 'ccs', 160, 8.0, 390, 'AWD', 7, 2829, 'SUV', 495, 2175, 1800],
  ['Mercedes-Benz', 'EQE 350+', 2023, 90.6, 639, 215, 11, 170, 'ccs', 210, 6.4, 565, 'RWD', 5, 3120, 'Sedan', 430, 2355, 0],
  ['Porsche', 'Taycan 4S', 2023, 83.7, 464, 420, 11, 270, 'ccs', 250, 4.0, 640, 'AWD', 4, 2900, 'Sedan', 407, 2220, 0],
  ['BYD', 'Atto 3', 2023, 60.5, 420, 150, 11, 88, 'ccs', 160, 7.3, 310, 'FWD', 5, 2720, 'SUV', 440, 1750, 0],
  ['BYD', 'Dolphin 60 kWh', 2024, 60.4, 427, 150, 11, 88, 'ccs', 160, 7.0, 310, 'FWD', 5, 2700, 'Hatchback', 345, 1658, 0],
  ['BYD', 'Seal Design RWD', 2024, 82.5, 570, 230, 11, 150, 'ccs', 180, 5.9, 360, 'RWD', 5, 2920, 'Sedan', 400, 2055, 0],
  ['BYD', 'Han', 2023, 85.4, 521, 380, 11, 120, 'ccs', 180, 3.9, 700, 'AWD', 5, 2920, 'Sedan', 410, 2310, 0],
  ['Polestar', '2 Long Range Single Motor', 2024, 79, 654, 220, 11, 205, 'ccs', 205, 6.2, 490, 'RWD', 5, 2735, 'Liftback', 405, 1975, 1500],
  ['Volvo', 'EX30 Single Motor Extended Range', 2024, 64, 476, 200, 11, 153, 'ccs', 180, 5.3, 343, 'RWD', 5, 2650, 'SUV', 318, 1850, 1600],
  ['Volvo', 'XC40 Recharge Twin', 2023, 79, 500, 300, 11, 200, 'ccs', 180, 4.8, 670, 'AWD', 5, 2702, 'SUV', 452, 2188, 1800],
  ['Peugeot', 'e-208', 2023, 48.1, 400, 100, 11, 100, 'ccs', 150, 8.1, 260, 'FWD', 5, 2540, 'Hatchback', 311, 1530, 0],
  ['Peugeot', 'e-2008', 2023, 50.8, 406, 115, 11, 100, 'ccs', 150, 9.0, 260, 'FWD', 5, 2605, 'SUV', 434, 1623, 0],
  ['Opel', 'Corsa Electric', 2023, 48.1, 402, 100, 11, 100, 'ccs', 150, 8.1, 260, 'FWD', 5, 2538, 'Hatchback', 267, 1530, 0],
  ['Fiat', '500e 42 kWh', 2023, 37.3, 320, 87, 11, 85, 'ccs', 150, 9.0, 220, 'FWD', 4, 2322, 'Hatchback', 185, 1365, 0],
  ['MG', 'MG4 Electric 64 kWh', 2023, 61.7, 450, 150, 11, 135, 'ccs', 160, 7.9, 250, 'RWD', 5, 2705, 'Hatchback', 363, 1685, 500],
  ['MG', 'ZS EV Long Range', 2023, 68.3, 440, 115, 11, 92, 'ccs', 175, 8.6, 280, 'FWD', 5, 2585, 'SUV', 448, 1620, 500],
  ['Cupra', 'Born 58 kWh', 2023, 58, 424, 150, 11, 120, 'ccs', 160, 7.3, 310, 'RWD', 5, 2767, 'Hatchback', 385, 1811, 0],
  ['Dacia', 'Spring Electric 65', 2024, 25, 225, 48, 7, 30, 'ccs', 125, 13.7, 113, 'FWD', 4, 2423, 'Hatchback', 308, 984, 0],
  ['Ford', 'Mustang Mach-E Extended Range RWD', 2023, 91, 600, 216, 11, 150, 'ccs', 180, 7.0, 430, 'RWD', 5, 2984, 'SUV', 402, 2145, 750],
  ['Toyota', 'bZ4X FWD', 2023, 64, 513, 150, 11, 150, 'ccs', 160, 8.4, 266, 'FWD', 5, 2850, 'SUV', 452, 1920, 750],
];

const ports: Record<Row[8], Port[]> = {
  ccs: ['Type 2', 'CCS'],
  chademo: ['Type 2', 'CHAdeMO'],
  type1chademo: ['Type 1', 'CHAdeMO'],
};

export const vehicleList: readonly VehicleSpec[] = rows.map((r) => ({
  producer: r[0],
  model: r[1],
  year: r[2],
  batteryKWh: r[3],
  wltpKm: r[4],
  powerKw: r[5],
  acKw: r[6],
  dcKw: r[7],
  ports: ports[r[8]],
  topSpeed: r[9],
  zeroToHundred: r[10],
  torqueNm: r[11],
  motor: r[12],
  seats: r[13],
  wheelbaseMm: r[14],
  body: r[15],
  cargoL: r[16],
  weightKg: r[17],
  towingKg: r[18],
}));

export const chargePortNames: readonly Port[] = ['Type 2', 'CCS', 'CHAdeMO', 'Type 1'];
