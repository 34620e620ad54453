import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const privacyEn: LegalDocument = {
  title: 'Privacy Statement',
  updated: '2026-11-24',
  intro:
    'This statement explains how Voltpark Kft. processes your personal data when you use the charging and parking service and the App, and what rights you have. It has been prepared under Regulation (EU) 2016/679 of the European Parliament and of the Council (General Data Protection Regulation, GDPR) and Hungarian Act CXII of 2011 on the right to informational self-determination and on freedom of information.',
  sections: [
    {
      heading: '1. The controller',
      paragraphs: [
        `The controller is ${provider.shortName} (the Provider, “we”). You can contact us with data protection questions at the following details:`,
      ],
      items: [
        `Company name: ${provider.name}`,
        `Registered seat: ${provider.seat.en}`,
        `Company registration number: ${provider.registrationNumber}`,
        `Tax number: ${provider.taxNumber}`,
        `E-mail: ${support.email}`,
        `Phone: ${support.phone} (${supportHoursInSentence('en')})`,
      ],
    },
    {
      heading: '2. Personal data we process',
      paragraphs: ['Depending on which functions you use, we process the following data:'],
      items: [
        'Account data: e-mail address, phone number, first and last name, the chosen language; with social login, the identifier, name and e-mail address passed on by Google, Apple or Facebook.',
        'Billing data: billing name (first and last name for a private person, company name and tax number for a company), billing address, and the e-mail address and phone number given for billing.',
        'Vehicle data: licence plate, make, model, and the technical data you give (for example battery capacity, charging power, connector type).',
        'Charging data: the charger, the start and end of the charge, its duration, the energy charged, the fee, the points earned and the payment method.',
        'Parking data: the parking lot, the start and end of the parking session, the parking code, the licence plate in parking lots that require a permit, the fee, any surcharge, and the times of gate-opening requests.',
        'Payment data: the SimplePay transaction and order identifiers, the amount and result of the payment, the masked card number and expiry date of a saved card, and the data of the wallet balance and top-ups. The full card number, the security code and the other card data are handled only by SimplePay (OTP Mobil Kft.); we never see or store them.',
        'Points and coupons: the points balance, the points earned and spent, the coupons bought and redeemed.',
        'Casual charging and parking: e-mail address and the data of the single charge or parking session.',
        'Contact: correspondence with customer service and the data of complaints.',
        'Technical data: the login token, the notification identifier of the mobile app and, with your permission, the location of your device for finding nearby sites.',
      ],
    },
    {
      heading: '3. Purposes and legal bases',
      paragraphs: [
        'We process your personal data only for the following purposes and on the following legal bases:',
      ],
      items: [
        'Registration, managing the user account, providing charging and parking, managing points and coupons: performance of a contract (GDPR Article 6(1)(b)).',
        'Casual charging and parking: performance of a contract (GDPR Article 6(1)(b)).',
        'Collecting fees, issuing invoices and receipts, keeping accounting records: performance of a contract and compliance with a legal obligation (GDPR Article 6(1)(b) and (c); Hungarian Act C of 2000 on accounting, Act CXXVII of 2007 on value added tax).',
        'Handling complaints and customer service: compliance with a legal obligation (GDPR Article 6(1)(c); Hungarian Act CLV of 1997 on consumer protection) and performance of a contract.',
        'Security of the service, preventing misuse and enforcing legal claims: the Provider’s legitimate interest (GDPR Article 6(1)(f)).',
        'Moving points to an online wallet: performance of a contract (GDPR Article 6(1)(b)); if the e-mail address has no wallet yet, creating one at the partner: your consent (GDPR Article 6(1)(a)), given before the deposit by accepting this statement and the Terms.',
        'Using location data to find nearby sites: your consent (GDPR Article 6(1)(a)), which you can withdraw at any time by withdrawing the location permission of your device.',
      ],
    },
    {
      heading: '4. Recipients and processors',
      paragraphs: [
        'We do not sell your personal data and pass them on only as far as needed to provide the service. Our processors may process the data only on our instructions, under a written contract; we send their current list on request. If a recipient processes data outside the European Economic Area, the transfer takes place only with the safeguards required by Chapter V of the GDPR.',
        'Recipients of the data:',
      ],
      items: [
        'OTP Mobil Kft. (SimplePay): carrying out card payments, card saving and wallet top-ups. Data passed on for a payment: e-mail address, billing name and address (if any), the amount payable and the order identifier.',
        'Hosting and operations provider (processor): running the servers and the database.',
        'E-mail delivery provider (processor): delivering registration, password reset and notification e-mails.',
        'Roaming partners: the data needed to start and settle a charge at a roaming partner’s charger.',
        'Partners: the code and validity of the coupon when it is redeemed.',
        'OnlinePénztárca (partner): when you move points to an online wallet, the e-mail address you give and the number of points; if that address has no wallet yet, with your consent, the address also to create one.',
        'Google, Apple and Facebook: if you log in with them, the login takes place through that provider, under its own privacy terms.',
        'Hungarian Tax and Customs Administration (NAV): the data of issued invoices, as part of the reporting required by law.',
      ],
    },
    {
      heading: '5. How long we keep the data',
      paragraphs: [
        'We keep the name, phone number, e-mail address and licence plate for 5 years after the legal relationship ends, which is the general limitation period for civil law claims.',
        'We keep the billing name and address until the accounting retention duty ends, which is 8 years under Hungarian Act C of 2000 on accounting. For the same period we also keep the charging, parking and payment data that an invoice is based on, because they count as accounting records.',
        'We store the masked number and expiry date of a saved card until the card or the account is deleted. The other data of the account (for example the technical data of the vehicle, the points and the coupons) are deleted when the account is deleted, unless the rules above require keeping them.',
        'The legal relationship ends when the account is deleted or the contract ends in another way; for casual charging or parking, when it has been settled. When the retention period ends, we delete or anonymise the data.',
      ],
    },
    {
      heading: '6. Your rights',
      paragraphs: ['You have the following rights regarding the processing of your data:'],
      items: [
        'Access: you can ask what data we process about you. You can also download your personal data as a JSON file on the profile page.',
        'Rectification: you can change your data yourself in the profile, billing data and cars menus, or ask us to correct them.',
        'Erasure: you can delete your account on the profile page. Deletion ends the contract; after that we keep your data only for the periods and purposes set out in section 5, and then delete them.',
        'Restriction: you can ask us only to store your data and not to process them otherwise, for example while a disputed piece of data is being checked.',
        'Portability: you can receive the data processed on the basis of the contract in a machine-readable (JSON) format and pass them on to another provider.',
        'Objection: you can object to processing based on our legitimate interest.',
        'Withdrawing consent: you can withdraw your consent to the use of location data at any time; this does not affect the lawfulness of processing before the withdrawal.',
      ],
    },
    {
      heading: '7. Handling requests',
      paragraphs: [
        `You can send a request to exercise your rights by e-mail (${support.email}) or by phone (${support.phone}). We answer without undue delay, and at the latest within 15 working days. Answering is free of charge.`,
        'Before fulfilling a request we may verify your identity, for example by sending the answer to the e-mail address of your account.',
      ],
    },
    {
      heading: '8. Data security',
      paragraphs: [
        'We protect your data with appropriate technical and organisational measures, among them access control and encrypted data transfer, against unauthorised access, alteration, transfer, disclosure, deletion and destruction.',
        'In the event of a personal data breach we act as the GDPR requires: we report a breach that poses a risk to the authority within 72 hours, and if the breach is likely to pose a high risk to your rights, we also inform you without delay.',
      ],
    },
    {
      heading: '9. Cookies and local storage',
      paragraphs: [
        'The App does not use third-party tracking or advertising cookies and does not track its users. To show the map, the browser downloads map tiles from a map provider; as with any internet request, the map provider receives the IP address of your device.',
        'We store the following data needed for operation on your device, in the local storage of the browser. They are needed for logging in and for keeping your settings, so we do not ask for consent for them. When you log out, we delete the login data and the language setting; you can delete the other data in your browser settings at any time.',
      ],
      items: [
        'the chosen language;',
        'the chosen mode (for example charging or parking) and the map filters;',
        'the identifiers of news already shown;',
        'the time the front-page advert was closed;',
        'the “do not show again” setting of the charging tutorial;',
        'when logged in, the user identifier, the e-mail address and the login token.',
      ],
    },
    {
      heading: '10. Remedies',
      paragraphs: [
        'If you believe that the processing of your data breaches the law, please contact us first so that we can remedy the problem. You can lodge a complaint with the Hungarian National Authority for Data Protection and Freedom of Information (Nemzeti Adatvédelmi és Információszabadság Hatóság, NAIH), and you can also go to court; at your choice, the action can also be brought before the regional court competent for your place of residence or stay.',
        'Contact details of the NAIH:',
      ],
      items: [
        'Address: 1055 Budapest, Falk Miksa utca 9–11.',
        'Postal address: 1363 Budapest, Pf. 9.',
        'Phone: +36 1 391 1400',
        'E-mail: ugyfelszolgalat@naih.hu',
        'Website: https://naih.hu',
      ],
    },
    {
      heading: '11. Changes to this statement',
      paragraphs: [
        'We may change this statement if the law or our processing changes. The current version is always available in the App; we notify you of a significant change by e-mail or in the App. This statement is available in Hungarian and English, and the two versions have the same content.',
      ],
    },
  ],
};
