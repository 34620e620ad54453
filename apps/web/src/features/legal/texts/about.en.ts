import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const aboutEn: LegalDocument = {
  title: 'About us',
  updated: '2026-11-22',
  intro:
    'Voltpark is an electric-vehicle charging and parking operator in Hungary. Our aim is to make electric driving simple and predictable: in a single app you find chargers, parking lots and partner shops, and you can pay there too.',
  sections: [
    {
      heading: 'Charging',
      paragraphs: [
        'Besides our own chargers, you can also use the chargers of our roaming partners. The map and the search show where the chargers are, their status, connectors and prices, and you can start, follow and stop a charge from your phone.',
        'You can pay by bank card, by a saved card or from a prepaid wallet, and you can also start a single, casual charge without registering.',
      ],
    },
    {
      heading: 'Parking',
      paragraphs: [
        'In our parking lots with barriers you start and finish parking in the app. Parking is free while you charge, the parking fee is calculated to the minute, and the app always shows how long you have been parked.',
      ],
    },
    {
      heading: 'Partner shops and points',
      paragraphs: [
        'You collect points with your charges and can exchange them for discount coupons of our partners. You also find the points-accepting shops and services on the map.',
      ],
    },
    {
      heading: 'Invoices and history',
      paragraphs: [
        'Your charges, parking sessions, receipts and invoices are all in one place in the app, so you can always keep track of your costs.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        `The service is provided by ${provider.shortName} (registered seat: ${provider.seat.en}). Any questions? Our customer service is available ${supportHoursInSentence('en')}, by phone (${support.phone}) and by e-mail (${support.email}).`,
        'You can read the General Terms and Conditions and the Privacy Statement in the app at any time.',
      ],
    },
  ],
};
