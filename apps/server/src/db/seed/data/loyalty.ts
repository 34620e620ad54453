/** Demo partner shops and their coupon offers (issue 12). Shop names match the demo POIs. */

export const couponCategoryList: [key: string, hu: string, en: string][] = [
  ['gastro', 'Vendéglátás', 'Food and drink'],
  ['shopping', 'Vásárlás', 'Shopping'],
  ['car', 'Autós szolgáltatás', 'Car services'],
  ['leisure', 'Szabadidő', 'Leisure'],
  ['online', 'Online', 'Online'],
];

export interface DemoOffer {
  shop: string;
  type?: 'WEBSHOP' | 'SHOP';
  nameHu: string;
  nameEn: string;
  price: number;
  priceUnit?: 'POINTS' | 'FT';
  discountPercent: number | null;
  conditionHu?: string;
  conditionEn?: string;
  categories: string[];
  stock?: number;
  styleClass?: string;
  activationUrl?: string;
  activationUrlDescriptionHu?: string;
  activationUrlDescriptionEn?: string;
}

/** Shops that are not demo POIs (online only). */
export const onlineShops: { name: string; url: string }[] = [
  { name: 'Villanyút Webshop', url: 'https://villanyut.example.hu' },
  { name: 'OnlinePénztárca', url: 'https://onlinepenztarca.example.hu' },
];

export const demoOffers: DemoOffer[] = [
  {
    shop: 'Kávékert',
    nameHu: 'Egy specialty kávé 50% kedvezménnyel',
    nameEn: 'A specialty coffee at 50% off',
    price: 300,
    discountPercent: 50,
    conditionHu: 'Egy italra, töltés közben.',
    conditionEn: 'One drink, while you charge.',
    categories: ['gastro'],
  },
  {
    shop: 'Paprika Bisztró',
    nameHu: '15% kedvezmény a napi menüből',
    nameEn: '15% off the daily menu',
    price: 500,
    discountPercent: 15,
    conditionHu: 'Hétköznap 11 és 15 óra között.',
    conditionEn: 'Weekdays from 11:00 to 15:00.',
    categories: ['gastro'],
  },
  {
    shop: 'Trattoria Duna',
    nameHu: '20% kedvezmény a kemencés pizzákból',
    nameEn: '20% off wood-fired pizzas',
    price: 800,
    discountPercent: 20,
    categories: ['gastro'],
    stock: 5,
  },
  {
    shop: 'Burger Műhely',
    nameHu: '10% kedvezmény bármely menüből',
    nameEn: '10% off any meal',
    price: 250,
    discountPercent: 10,
    categories: ['gastro'],
  },
  {
    shop: 'Zöldkosár Bio',
    nameHu: '10% kedvezmény a teljes vásárlásból',
    nameEn: '10% off your whole basket',
    price: 400,
    discountPercent: 10,
    conditionHu: 'Legalább 5000 Ft vásárlás esetén.',
    conditionEn: 'With a purchase of at least 5000 Ft.',
    categories: ['shopping'],
  },
  {
    shop: 'Stílus Divatház',
    nameHu: '15% kedvezmény egy ruhadarabra',
    nameEn: '15% off one item of clothing',
    price: 1500,
    discountPercent: 15,
    categories: ['shopping'],
  },
  {
    shop: 'Stílus Divatház',
    nameHu: '5000 Ft értékű vásárlási utalvány',
    nameEn: 'A 5000 Ft shopping voucher',
    price: 4500,
    priceUnit: 'FT',
    discountPercent: null,
    conditionHu: 'Az árát az egyenlegéből fizeti; egy vásárlásra.',
    conditionEn: 'Paid from your wallet balance; for one purchase.',
    categories: ['shopping'],
  },
  {
    shop: 'Pixel Elektronika',
    nameHu: '10% kedvezmény autós töltőkábelekre',
    nameEn: '10% off EV charging cables',
    price: 2000,
    discountPercent: 10,
    categories: ['shopping', 'car'],
  },
  {
    shop: 'Tisztafény Autómosó',
    nameHu: '25% kedvezmény a kézi mosásból',
    nameEn: '25% off a hand wash',
    price: 1000,
    discountPercent: 25,
    categories: ['car'],
  },
  {
    shop: 'VoltGumi Szerviz',
    nameHu: '10% kedvezmény a gumiszerelésből',
    nameEn: '10% off tyre fitting',
    price: 1200,
    discountPercent: 10,
    categories: ['car'],
  },
  {
    shop: 'Napfény Wellness',
    nameHu: '20% kedvezmény a napijegyből',
    nameEn: '20% off a day pass',
    price: 1500,
    discountPercent: 20,
    categories: ['leisure'],
  },
  {
    shop: 'Mozivilág',
    nameHu: '30% kedvezmény egy mozijegyből',
    nameEn: '30% off a cinema ticket',
    price: 900,
    discountPercent: 30,
    categories: ['leisure'],
    stock: 3,
  },
  {
    shop: 'Lendület Sport',
    nameHu: '15% kedvezmény futócipőkre',
    nameEn: '15% off running shoes',
    price: 1000,
    discountPercent: 15,
    categories: ['leisure', 'shopping'],
  },
  {
    shop: 'Villanyút Webshop',
    type: 'WEBSHOP',
    nameHu: '10% kedvezmény a webshopban',
    nameEn: '10% off in the webshop',
    price: 600,
    discountPercent: 10,
    categories: ['online', 'car'],
    activationUrl: 'https://villanyut.example.hu/kupon',
    activationUrlDescriptionHu: 'Aktiválás után írja be a kódot a webshop pénztáránál.',
    activationUrlDescriptionEn: 'After activating it, enter the code at the webshop checkout.',
  },
  {
    shop: 'OnlinePénztárca',
    nameHu: 'Pontok az online pénztárcába',
    nameEn: 'Points to your online wallet',
    price: 500,
    discountPercent: null,
    conditionHu: '500 pontonként, legfeljebb 100 000 pont egyszerre.',
    conditionEn: 'In steps of 500 points, at most 100 000 points at once.',
    categories: ['online'],
    styleClass: 'onlinepenztarca',
  },
];
