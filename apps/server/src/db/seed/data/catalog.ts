/** Demo catalogue: tariffs, traits, shop categories, partner shops, news, adverts, footers. */

export const chargingTariffList = [
  {
    key: 'ac',
    name: 'Voltpark AC',
    freeCharging: false,
    unitChargingGross: 120,
    convenienceFeeGross: 0,
    parkingEnabled: true,
    minutesAfterParkingStart: 30,
    unitParkingGross: 400,
    parkingToHoldGross: 2000,
    descriptionLinesHu: [
      'Energiadíj: 120 Ft/kWh (bruttó).',
      'A töltés befejezése után 30 perccel parkolási díj indul: 400 Ft/óra, percalapon számolva.',
      'A foglalás a töltési összeg és 2 000 Ft parkolási keret.',
    ],
    descriptionLinesEn: [
      'Energy fee: 120 Ft/kWh (gross).',
      'A parking fee starts 30 minutes after charging ends: 400 Ft/hour, billed per minute.',
      'The hold is the charging amount plus 2 000 Ft for parking.',
    ],
  },
  {
    key: 'dc',
    name: 'Voltpark DC',
    freeCharging: false,
    unitChargingGross: 180,
    convenienceFeeGross: 200,
    parkingEnabled: true,
    minutesAfterParkingStart: 15,
    unitParkingGross: 600,
    parkingToHoldGross: 3000,
    descriptionLinesHu: [
      'Energiadíj: 180 Ft/kWh (bruttó).',
      'Kényelmi díj: 200 Ft töltésenként.',
      'A töltés vége után 15 perccel parkolási díj indul: 600 Ft/óra.',
    ],
    descriptionLinesEn: [
      'Energy fee: 180 Ft/kWh (gross).',
      'Convenience fee: 200 Ft per charge.',
      'A parking fee starts 15 minutes after charging ends: 600 Ft/hour.',
    ],
  },
  {
    key: 'ultra',
    name: 'Voltpark Ultra DC',
    freeCharging: false,
    unitChargingGross: 220,
    convenienceFeeGross: 300,
    parkingEnabled: false,
    minutesAfterParkingStart: 0,
    unitParkingGross: 0,
    parkingToHoldGross: 0,
    descriptionLinesHu: ['Energiadíj: 220 Ft/kWh (bruttó).', 'Kényelmi díj: 300 Ft töltésenként.'],
    descriptionLinesEn: ['Energy fee: 220 Ft/kWh (gross).', 'Convenience fee: 300 Ft per charge.'],
  },
  {
    key: 'regional',
    name: 'Vidéki AC',
    freeCharging: false,
    unitChargingGross: 99,
    convenienceFeeGross: 0,
    parkingEnabled: false,
    minutesAfterParkingStart: 0,
    unitParkingGross: 0,
    parkingToHoldGross: 0,
    descriptionLinesHu: ['Energiadíj: 99 Ft/kWh (bruttó).'],
    descriptionLinesEn: ['Energy fee: 99 Ft/kWh (gross).'],
  },
  {
    key: 'free',
    name: 'Ingyenes partnertöltés',
    freeCharging: true,
    unitChargingGross: 0,
    convenienceFeeGross: 0,
    parkingEnabled: false,
    minutesAfterParkingStart: 0,
    unitParkingGross: 0,
    parkingToHoldGross: 0,
    descriptionLinesHu: [
      'A töltést partnerünk fizeti, Önnek ingyenes.',
      'Pontot ez a töltés nem ér.',
    ],
    descriptionLinesEn: [
      'Our partner pays for this charge: it is free for you.',
      'This charge earns no points.',
    ],
  },
  {
    key: 'old',
    name: 'Régi tarifa 2023',
    freeCharging: false,
    unitChargingGross: 150,
    convenienceFeeGross: 0,
    parkingEnabled: false,
    minutesAfterParkingStart: 0,
    unitParkingGross: 0,
    parkingToHoldGross: 0,
    descriptionLinesHu: ['Már nem érvényes tarifa.'],
    descriptionLinesEn: ['A tariff no longer in force.'],
    active: false,
  },
] as const;
export type ChargingTariffKey = (typeof chargingTariffList)[number]['key'];

export const parkingTariffList = [
  {
    key: 'city',
    name: 'Belvárosi parkolás',
    freeParking: false,
    grossUnitParking: 600,
    freeMinutes: 15,
    grossSurchargeFeePerDay: 10000,
    convenienceFeeGross: 0,
    descriptionLinesHu: [
      'Az első 15 perc ingyenes.',
      'Utána 600 Ft/óra, percalapon számolva.',
      'Ha a kilépés után 15 percen belül nem hagyja el a parkolót, pótdíj: 10 000 Ft/nap.',
    ],
    descriptionLinesEn: [
      'The first 15 minutes are free.',
      'Then 600 Ft/hour, billed per minute.',
      'If you do not leave within 15 minutes after paying, a surcharge of 10 000 Ft/day applies.',
    ],
  },
  {
    key: 'mall',
    name: 'Bevásárlóközpont',
    freeParking: false,
    grossUnitParking: 300,
    freeMinutes: 120,
    grossSurchargeFeePerDay: 5000,
    convenienceFeeGross: 0,
    descriptionLinesHu: ['Az első 2 óra ingyenes.', 'Utána 300 Ft/óra.', 'Pótdíj: 5 000 Ft/nap.'],
    descriptionLinesEn: [
      'The first 2 hours are free.',
      'Then 300 Ft/hour.',
      'Surcharge: 5 000 Ft/day.',
    ],
  },
  {
    key: 'regional',
    name: 'Vidéki parkolás',
    freeParking: false,
    grossUnitParking: 250,
    freeMinutes: 30,
    grossSurchargeFeePerDay: 5000,
    convenienceFeeGross: 50,
    descriptionLinesHu: ['Az első 30 perc ingyenes.', 'Utána 250 Ft/óra.', 'Kényelmi díj: 50 Ft.'],
    descriptionLinesEn: [
      'The first 30 minutes are free.',
      'Then 250 Ft/hour.',
      'Convenience fee: 50 Ft.',
    ],
  },
  {
    key: 'free',
    name: 'Ingyenes parkolás',
    freeParking: true,
    grossUnitParking: 0,
    freeMinutes: 0,
    grossSurchargeFeePerDay: 3000,
    convenienceFeeGross: 0,
    descriptionLinesHu: ['A parkolás ingyenes.', 'A sorompót az alkalmazásból nyithatja.'],
    descriptionLinesEn: ['Parking is free.', 'Open the barrier from the app.'],
  },
] as const;
export type ParkingTariffKey = (typeof parkingTariffList)[number]['key'];

export interface TraitDef {
  identifier: string;
  nameHu: string;
  nameEn: string;
  type: 'BOOLEAN' | 'TEXT' | 'LIST_SINGLE' | 'LIST_MULTIPLE' | 'LIST_CUSTOM';
  unit?: string;
  major?: boolean;
  items?: [string, string][];
}

export const traitList: TraitDef[] = [
  {
    identifier: 'OPENING_HOURS',
    nameHu: 'Nyitvatartás',
    nameEn: 'Opening hours',
    type: 'TEXT',
    major: true,
  },
  { identifier: 'SITE_WEB', nameHu: 'Weboldal', nameEn: 'Website', type: 'TEXT' },
  { identifier: 'SITE_EMAIL', nameHu: 'E-mail', nameEn: 'E-mail', type: 'TEXT' },
  { identifier: 'SITE_PHONE', nameHu: 'Telefon', nameEn: 'Phone', type: 'TEXT' },
  {
    identifier: 'outlets',
    nameHu: 'Csatlakozók',
    nameEn: 'Outlets',
    type: 'LIST_MULTIPLE',
    major: true,
    items: [
      ['Type 2', 'Type 2'],
      ['CHAdeMO', 'CHAdeMO'],
      ['CCS', 'CCS'],
    ],
  },
  {
    identifier: 'performance',
    nameHu: 'Teljesítmény',
    nameEn: 'Power',
    type: 'TEXT',
    unit: 'kW',
    major: true,
  },
  { identifier: 'COVERED', nameHu: 'Fedett', nameEn: 'Covered', type: 'BOOLEAN', major: true },
  { identifier: 'ACCESSIBLE', nameHu: 'Akadálymentes', nameEn: 'Accessible', type: 'BOOLEAN' },
  {
    identifier: 'PARKING_KIND',
    nameHu: 'Parkoló típusa',
    nameEn: 'Car park type',
    type: 'LIST_SINGLE',
    major: true,
    items: [
      ['Mélygarázs', 'Underground garage'],
      ['Parkolóház', 'Multi-storey car park'],
      ['Felszíni parkoló', 'Surface car park'],
    ],
  },
  {
    identifier: 'MAX_HEIGHT',
    nameHu: 'Max. magasság',
    nameEn: 'Max. height',
    type: 'TEXT',
    unit: 'm',
    major: true,
  },
  {
    identifier: 'PAYMENT_METHODS',
    nameHu: 'Fizetési módok',
    nameEn: 'Payment methods',
    type: 'LIST_MULTIPLE',
    items: [
      ['Bankkártya', 'Bank card'],
      ['Mobilfizetés', 'Mobile payment'],
      ['Készpénz', 'Cash'],
      ['SZÉP-kártya', 'SZÉP card'],
    ],
  },
  {
    identifier: 'AMENITIES',
    nameHu: 'Szolgáltatások a közelben',
    nameEn: 'Amenities nearby',
    // A fixed list with both languages (not free LIST_CUSTOM strings, which have one language).
    type: 'LIST_MULTIPLE',
    items: [
      ['Wi-Fi', 'Wi-Fi'],
      ['Mosdó', 'Toilets'],
      ['Kávézó', 'Café'],
      ['Játszótér', 'Playground'],
    ],
  },
  {
    // Free strings (LIST_CUSTOM): network names, the same in every language.
    identifier: 'ROAMING',
    nameHu: 'Roamingpartnerek',
    nameEn: 'Roaming partners',
    type: 'LIST_CUSTOM',
  },
  {
    identifier: 'CABLE_ATTACHED',
    nameHu: 'Rögzített kábel',
    nameEn: 'Tethered cable',
    type: 'BOOLEAN',
  },
];

/** [hu, en, children] */
export type CategoryDef = [string, string, CategoryDef[]?];
export const categoryTree: CategoryDef[] = [
  [
    'Vendéglátás',
    'Food and drink',
    [
      ['Kávézó', 'Café'],
      [
        'Étterem',
        'Restaurant',
        [
          ['Magyar konyha', 'Hungarian cuisine'],
          ['Olasz konyha', 'Italian cuisine'],
        ],
      ],
      ['Gyorsétterem', 'Fast food'],
    ],
  ],
  [
    'Vásárlás',
    'Shopping',
    [
      ['Élelmiszer', 'Groceries'],
      ['Divat', 'Fashion'],
      ['Elektronika', 'Electronics'],
    ],
  ],
  [
    'Autós szolgáltatás',
    'Car services',
    [
      ['Autómosó', 'Car wash'],
      ['Autószerviz', 'Car repair'],
    ],
  ],
  [
    'Szabadidő',
    'Leisure',
    [
      ['Wellness', 'Wellness and spa'],
      ['Mozi', 'Cinema'],
      ['Sport', 'Sport'],
    ],
  ],
];

export interface ShopDef {
  name: string;
  category: string;
  picture: string;
  descHu: string;
  descEn: string;
  url: string;
}

/** Partner shop templates (category by its Hungarian name). */
export const shopList: ShopDef[] = [
  {
    name: 'Kávékert',
    category: 'Kávézó',
    picture: 'poi-cafe.svg',
    descHu: 'Specialty kávé és házi sütemények, amíg az autó tölt.',
    descEn: 'Specialty coffee and home-made cakes while your car charges.',
    url: 'https://kavekert.example.hu',
  },
  {
    name: 'Paprika Bisztró',
    category: 'Magyar konyha',
    picture: 'poi-restaurant.svg',
    descHu: 'Napi menü magyaros ízekkel 11 és 15 óra között.',
    descEn: 'Hungarian daily menu from 11:00 to 15:00.',
    url: 'https://paprikabisztro.example.hu',
  },
  {
    name: 'Trattoria Duna',
    category: 'Olasz konyha',
    picture: 'poi-restaurant.svg',
    descHu: 'Kemencés pizza és friss tészták.',
    descEn: 'Wood-fired pizza and fresh pasta.',
    url: 'https://trattoriaduna.example.hu',
  },
  {
    name: 'Burger Műhely',
    category: 'Gyorsétterem',
    picture: 'poi-restaurant.svg',
    descHu: 'Kézműves hamburgerek 15 perc alatt.',
    descEn: 'Craft burgers in 15 minutes.',
    url: 'https://burgermuhely.example.hu',
  },
  {
    name: 'Zöldkosár Bio',
    category: 'Élelmiszer',
    picture: 'poi-grocery.svg',
    descHu: 'Bio zöldség, gyümölcs és pékáru helyi termelőktől.',
    descEn: 'Organic produce and bakery goods from local farmers.',
    url: 'https://zoldkosar.example.hu',
  },
  {
    name: 'Stílus Divatház',
    category: 'Divat',
    picture: 'poi-fashion.svg',
    descHu: 'Női és férfi divat, minden hónapban új kollekció.',
    descEn: 'Women’s and men’s fashion, a new collection every month.',
    url: 'https://stilusdivat.example.hu',
  },
  {
    name: 'Pixel Elektronika',
    category: 'Elektronika',
    picture: 'poi-electronics.svg',
    descHu: 'Telefonok, töltők, kiegészítők; autós töltőkábelek is.',
    descEn: 'Phones, chargers and accessories, including EV charging cables.',
    url: 'https://pixelelektronika.example.hu',
  },
  {
    name: 'Tisztafény Autómosó',
    category: 'Autómosó',
    picture: 'poi-carwash.svg',
    descHu: 'Kézi autómosás töltés közben, előzetes bejelentkezéssel.',
    descEn: 'Hand car wash while you charge, by appointment.',
    url: 'https://tisztafeny.example.hu',
  },
  {
    name: 'VoltGumi Szerviz',
    category: 'Autószerviz',
    picture: 'poi-service.svg',
    descHu: 'Villanyautó-szerviz és gumiszerelés.',
    descEn: 'EV servicing and tyre fitting.',
    url: 'https://voltgumi.example.hu',
  },
  {
    name: 'Napfény Wellness',
    category: 'Wellness',
    picture: 'poi-wellness.svg',
    descHu: 'Szauna, masszázs és napijegy kedvezménnyel.',
    descEn: 'Sauna, massage and day passes at a discount.',
    url: 'https://napfenywellness.example.hu',
  },
  {
    name: 'Mozivilág',
    category: 'Mozi',
    picture: 'poi-cinema.svg',
    descHu: 'Premierfilmek, a jegy árából pontkedvezmény.',
    descEn: 'New releases, with a points discount on tickets.',
    url: 'https://mozivilag.example.hu',
  },
  {
    name: 'Lendület Sport',
    category: 'Sport',
    picture: 'poi-sport.svg',
    descHu: 'Futó- és kerékpáros felszerelés.',
    descEn: 'Running and cycling gear.',
    url: 'https://lendulet.example.hu',
  },
];

export interface NewsDef {
  publicationId: string;
  date: string;
  titleHu: string;
  titleEn: string;
  descHu: string;
  descEn: string;
  contentHu: string;
  contentEn: string;
  primary: string | null;
  secondary: string | null;
  onlyDisappearsWhenClicked?: boolean;
  published?: boolean;
}

export const newsList: NewsDef[] = [
  {
    publicationId: 'news-2026-11-ultra',
    date: '2026-11-18T09:00:00Z',
    titleHu: 'Új 150 kW-os villámtöltők három helyszínen',
    titleEn: 'New 150 kW ultra-fast chargers at three sites',
    descHu:
      'A Westendben, a Camponában és az Audi Hungaria látogatóközpontjánál már 150 kW-tal tölthet.',
    descEn:
      'At Westend, Campona and the Audi Hungaria visitor centre you can now charge at 150 kW.',
    contentHu:
      'Novembertől három új Alpitronic villámtöltő áll munkába. A két CCS csatlakozóval egyszerre két autó tölthet, autónként akár 150 kW-tal.\n\nEgy átlagos elektromos autó így 20 perc alatt 10-ről 80 százalékra tölthető. A töltőket az alkalmazásban a térképen, a DC szűrővel találja meg.',
    contentEn:
      'Three new Alpitronic ultra-fast chargers go live in November. With two CCS connectors, two cars can charge at once, each at up to 150 kW.\n\nA typical EV charges from 10 to 80 percent in about 20 minutes. Find them on the map with the DC filter.',
    primary: 'news-ultra-charger.svg',
    secondary: 'news-ultra-charger-map.svg',
    onlyDisappearsWhenClicked: true,
  },
  {
    publicationId: 'news-2026-10-parking',
    date: '2026-10-28T08:30:00Z',
    titleHu: 'Sorompónyitás az alkalmazásból',
    titleEn: 'Open the barrier from the app',
    descHu: 'Parkolójegy nélkül: hajtson a sorompóhoz, és nyissa ki egy érintéssel.',
    descEn: 'No ticket needed: drive up to the barrier and open it with one tap.',
    contentHu:
      'Tizennégy parkolónkban már az alkalmazás nyitja a sorompót. Indítsa el a parkolást a parkoló oldalán, és a kapu kinyílik.\n\nTávozáskor fizessen bankkártyával vagy az egyenlegéből, és 15 perce van elhagyni a parkolót.',
    contentEn:
      'Fourteen of our car parks now open their barriers from the app. Start parking on the car park page and the gate opens.\n\nWhen leaving, pay by card or from your wallet; you then have 15 minutes to exit.',
    primary: 'news-app-parking.svg',
    secondary: 'news-app-parking-steps.svg',
  },
  {
    publicationId: 'news-2026-10-points',
    date: '2026-10-15T10:00:00Z',
    titleHu: 'Dupla pont decemberben',
    titleEn: 'Double points in December',
    descHu: 'December minden napján kétszeres pontot ír jóvá minden töltés után.',
    descEn: 'Every day in December, every charge earns double points.',
    contentHu:
      'A pontokat partnereinknél kuponokra válthatja: kávéra, autómosásra, mozijegyre.\n\nA dupla pont automatikusan jár, nincs teendője.',
    contentEn:
      'Exchange points for coupons at our partners: coffee, car wash, cinema tickets.\n\nDouble points are automatic; there is nothing to do.',
    primary: 'news-points.svg',
    secondary: null,
  },
  {
    publicationId: 'news-2026-06-balaton',
    date: '2026-06-20T07:00:00Z',
    titleHu: 'Töltők a Balaton partján',
    titleEn: 'Chargers on Lake Balaton',
    descHu: 'Siófokon, Balatonfüreden, Zamárdiban és Hévízen is tölthet a nyáron.',
    descEn: 'Charge in Siófok, Balatonfüred, Zamárdi and Hévíz this summer.',
    contentHu:
      'A nyári szezonra hét új töltőpontot telepítettünk a Balaton környékén, köztük egy DC gyorstöltőt Zamárdiban.\n\nA Petőfi sétányon a parkolás is az alkalmazásból indítható.',
    contentEn:
      'For the summer season we installed seven new charge points around Lake Balaton, including a DC fast charger in Zamárdi.\n\nOn Petőfi sétány parking also starts from the app.',
    primary: 'news-balaton.svg',
    secondary: null,
  },
  {
    publicationId: 'news-2026-04-green',
    date: '2026-04-22T09:00:00Z',
    titleHu: '100% megújuló energia minden töltőn',
    titleEn: '100% renewable energy at every charger',
    descHu: 'Április 22-től minden Voltpark töltő igazoltan zöld árammal működik.',
    descEn: 'From 22 April every Voltpark charger runs on certified green electricity.',
    contentHu:
      'Származási garanciával igazolt nap- és szélenergiát vásárolunk, így minden töltése valóban zéró kibocsátású.\n\nAz árak nem változnak.',
    contentEn:
      'We buy solar and wind power backed by guarantees of origin, so every charge is truly zero-emission.\n\nPrices stay the same.',
    primary: 'news-green-energy.svg',
    secondary: null,
  },
  {
    publicationId: 'news-2026-01-winter',
    date: '2026-01-10T08:00:00Z',
    titleHu: 'Téli töltési tippek',
    titleEn: 'Winter charging tips',
    descHu: 'Hidegben lassabb a töltés és kisebb a hatótáv. Így hozhatja ki a legtöbbet.',
    descEn: 'Cold weather slows charging and cuts range. Here is how to make the most of it.',
    contentHu:
      'Indulás előtt fűtse elő az autót töltés közben, és gyorstöltés előtt kapcsolja be az akkumulátor előmelegítését.\n\nA 20 és 80 százalék közötti töltés a leggyorsabb.',
    contentEn:
      'Pre-heat the car while it is still plugged in, and turn on battery pre-conditioning before fast charging.\n\nCharging between 20 and 80 percent is the fastest.',
    primary: 'news-winter-tips.svg',
    secondary: null,
  },
  {
    publicationId: 'news-2026-12-draft',
    date: '2026-12-01T08:00:00Z',
    titleHu: 'Előkészítés alatt: új töltők Győrben',
    titleEn: 'In preparation: new chargers in Győr',
    descHu: 'Még nem publikált hír.',
    descEn: 'Not yet published.',
    contentHu: 'Hamarosan.',
    contentEn: 'Coming soon.',
    primary: null,
    secondary: null,
    published: false,
  },
];

export const footerTextList: [string, string][] = [
  [
    'Tudta? Egy 22 kW-os AC töltőn egy óra alatt kb. 100–150 km hatótávot tölthet vissza.',
    'Did you know? An hour on a 22 kW AC charger adds roughly 100–150 km of range.',
  ],
  [
    'Minden töltéssel pontot gyűjt, amit partnereinknél kuponra válthat.',
    'Every charge earns points you can exchange for coupons at our partners.',
  ],
  [
    'Gyorstöltés előtt kapcsolja be az akkumulátor előmelegítését.',
    'Turn on battery pre-conditioning before fast charging.',
  ],
  [
    'Ügyfélszolgálatunk a nap 24 órájában elérhető: +36 1 555 0199.',
    'Our customer service is available around the clock: +36 1 555 0199.',
  ],
];
