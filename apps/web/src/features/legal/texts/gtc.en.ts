import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const gtcEn: LegalDocument = {
  title: 'General Terms and Conditions',
  updated: '2026-11-24',
  intro:
    'These General Terms and Conditions (the Terms) govern the use of the electric-vehicle charging and parking service of Voltpark Kft. Please read them carefully before you register or start your first charge or parking session.',
  sections: [
    {
      heading: '1. Service provider',
      paragraphs: [
        `The service is provided by ${provider.shortName} (the Provider), with the following details:`,
      ],
      items: [
        `Company name: ${provider.name} (short name: ${provider.shortName})`,
        `Registered seat: ${provider.seat.en}`,
        `Company registration number: ${provider.registrationNumber} (registered by the ${provider.registryCourt.en})`,
        `Tax number: ${provider.taxNumber}`,
        `Customer service: by phone at ${support.phone}, by e-mail at ${support.email}`,
        `Customer service hours: ${supportHoursInSentence('en')}`,
      ],
    },
    {
      heading: '2. Definitions',
      paragraphs: ['In these Terms the following expressions have the meanings below:'],
      items: [
        '“App”: the Voltpark web and mobile application through which the service is used.',
        '“User” or “you”: the natural person or organisation using the service as a registered or casual user.',
        '“Registered user”: a User who has created a user account in the App.',
        '“Casual user”: a User who starts a single charge or parking session without registering, giving only an e-mail address.',
        '“Charger”: an electric-vehicle charging device operated by the Provider or by a roaming partner and shown on the map of the App.',
        '“Roaming partner”: a charger operator whose chargers Registered users can use through the App.',
        '“Parking lot”: a parking area with a barrier or gate whose use is started and finished in the App.',
        '“Grace period”: the period of 15–30 minutes after the end of charging during which no parking fee is charged.',
        '“Surcharge”: the daily fee set in the tariff of the Parking lot that may be charged if the vehicle does not leave the Parking lot in time after the parking session has been closed.',
        '“Wallet”: the prepaid balance of a Registered user, kept in the App, from which charging and parking fees can be paid.',
        '“Points” and “coupons”: the points earned with charges, and the discount coupons that can be bought with points and redeemed at partners.',
        '“Partner”: a points-accepting shop or service provider where coupons can be redeemed.',
        '“SimplePay”: the online card payment service provided by OTP Mobil Kft.',
      ],
    },
    {
      heading: '3. Scope and conclusion of the contract',
      paragraphs: [
        'These Terms set out the conditions of the contract between the Provider and the User that is concluded through the use of the App, and apply to registered and casual use alike.',
        'The contract is concluded electronically: for a Registered user at registration, by accepting these Terms and the Privacy Statement, and for a Casual user by starting the single charge or parking session. The contract is not a written contract in the legal sense and is not filed by the Provider; the current text of these Terms is available in the App at any time.',
        'Charging and parking start immediately at your express request. You therefore acknowledge that once the service has been performed, you cannot exercise your right of withdrawal under Government Decree 45/2014 (II. 26.) on the detailed rules of contracts between consumers and businesses.',
      ],
    },
    {
      heading: '4. Registration and user account',
      paragraphs: [
        'Registration is open to anyone. You need to give an e-mail address, a phone number and a password, fill in the verification code, and accept these Terms and the Privacy Statement. The account is activated with the confirmation link sent to you by e-mail. You can also log in with a Google, Apple or Facebook account.',
        'You are responsible for the data you give being true, accurate and complete, and for keeping your password from third parties. You are responsible for the charges and parking sessions started with your account.',
        'The Provider may refuse or withdraw a registration if the data given are false or incomplete, or if the Provider earlier terminated a contract with the User for breach of contract.',
        'You can change your data in the profile, billing data and cars menus. You can delete your account on the profile page at any time; deletion ends the contract, but the Provider keeps the billing data for the period required by law.',
      ],
    },
    {
      heading: '5. The service and its availability',
      paragraphs: [
        'In the App you can search for chargers, parking lots and points-accepting partners on a map or in a list, start and stop charging and parking, pay the fees, collect points and exchange them for coupons, and view your receipts and invoices. Registered users can charge at the Provider’s own chargers and also at the chargers of roaming partners.',
        'The Provider undertakes that the service is available for at least 90% of the opening hours of the site concerned. The App shows the current status of each charger and parking lot. The Provider gives advance notice of planned maintenance where possible.',
        'The power actually delivered also depends on the charger, on the vehicle’s on-board charger and on the state of the battery, so the charging time and energy shown in the App are estimates. Technical characteristics of the chargers:',
      ],
      items: [
        'The maximum power of the fast chargers is 22 kW.',
        'Type 2 connector with Mode 3 charging.',
        'CCS or CHAdeMO connector with Mode 4 charging.',
      ],
    },
    {
      heading: '6. Charging',
      paragraphs: [
        'A Registered user can start a charge only if a billing address and a vehicle are linked to the account. Casual charging is covered in section 8.',
        'You can start a charge after choosing the charger (on the map, in the search, or by scanning the QR code on the charger) if the charger is free and has a valid tariff. After starting, connect the cable to your vehicle.',
        'When starting a charge, you set the maximum time or the maximum amount of the charge. From this the system calculates the maximum amount payable and reserves (holds) it on your bank card. If the reservation fails, charging cannot start. After the charge, the system debits your card with the fee of the service actually used, up to the reserved amount, and releases the rest of the reservation.',
        'You can stop the charge in the App at any time. The charge also ends when it reaches the set time or amount, or when the vehicle finishes charging.',
        'Please follow the instructions shown on the charger and in the App, and use only an undamaged cable suitable for your vehicle.',
      ],
    },
    {
      heading: '7. Parking',
      paragraphs: [
        'You start using a Parking lot by starting a parking session in the App. The barrier or gate opens when the system allows it. In a Parking lot that requires a permit, the system also checks the vehicle’s licence plate.',
        'Parking is free while charging. After charging ends, a grace period of 15–30 minutes follows (the App shows the exact value for the site); after it, a parking fee is charged. The parking fee is an hourly rate billed per minute. The system reserves the maximum parking fee in advance, when the charge is started, and debits an amount proportional to the time actually used.',
        'For parking without charging, the fee is paid when the parking session ends, by bank card (SimplePay), by a saved card or from the Wallet. Any free minutes are set out in the tariff of the Parking lot.',
        'After closing the parking session you must leave the Parking lot within 15 minutes. If the vehicle does not drive out within that time, the parking restarts, and the daily surcharge set in the tariff of the Parking lot may also be charged. The surcharge can be paid on the surcharge payment page of the App by giving the e-mail address and the parking code.',
        'The Provider does not undertake the safekeeping of vehicles parked in the Parking lot or of items left in them.',
      ],
    },
    {
      heading: '8. Casual (guest) charging and parking',
      paragraphs: [
        'You can also start a single charge or parking session without registering, giving only your e-mail address. For casual charging the reserved amount is at least 5 000 Ft; the amounts to choose from are 5 000 Ft, 10 000 Ft and 15 000 Ft. After the charge, the system debits the fee of the service actually used and releases the rest of the reservation.',
        'A Casual user can pay only by bank card on the SimplePay payment page; saved cards, the Wallet and billing data cannot be used. Only Registered users can collect points and receive invoices made out to their billing data.',
        'If the charger is in a parking lot, the parking code received for the parking can be given when the charge is started.',
      ],
    },
    {
      heading: '9. Prices',
      paragraphs: [
        'The App shows the current fees at every charger and parking lot. Prices are gross prices in forints (Ft) and include value added tax.',
        'The charging fee consists of a unit price for the energy charged (Ft/kWh) and, where applicable, a convenience fee. The parking fee is an hourly rate billed per minute; some Parking lots also have free minutes or a daily surcharge. Some chargers can be used free of charge; the App indicates this.',
        'A charge or parking session is billed at the fees shown in the App when it was started; later price changes do not affect a charge or parking session already started.',
      ],
    },
    {
      heading: '10. Payment',
      paragraphs: [
        'Fees can be paid by bank card through the SimplePay online payment service, provided by OTP Mobil Kft. Card data are handled only by OTP Mobil Kft.; the Provider has no access to them and stores only the masked card number and the expiry date.',
        'You can also save your card with the SimplePay OneClick service, so you do not have to enter the card data again for later payments. Each transaction of the recurring card payment requires your approval: the Provider debits a saved card only with the fee of a charge, parking session or top-up that you started in the App. You can delete a saved card in the payment methods menu at any time.',
        'As a Registered user you can also use a prepaid Wallet. The Wallet is topped up by bank card through SimplePay; a single top-up is at least 100 Ft and at most 50 000 Ft. A charge can be paid from the Wallet only if its balance is at least 5 000 Ft.',
        'If the Wallet balance becomes negative after a fee is deducted, the debt must be settled with the next top-up; the smallest top-up is then the amount of the debt, but at least 100 Ft. While the debt remains, no new charge can be started.',
      ],
    },
    {
      heading: '11. Points and coupons',
      paragraphs: [
        'As a Registered user you collect points with your charges. You can exchange your points for discount coupons of partners in the points menu of the App. The current conditions of collecting points and of the coupons are shown in the App.',
        'A coupon is valid for 60 minutes after its activation and cannot be used after that. The partner redeems the coupon in its own shop or webshop under the conditions stated on the coupon.',
        'The partner providing a product or service bought with a coupon is responsible for that product or service.',
        'You can also move points to an online wallet of the OnlinePénztárca partner by e-mail address, in steps of 500 points, at least 500 and at most 100,000, up to your balance. If the address has no wallet yet, the deposit creates one; for that you must accept the Privacy Statement and these Terms. If the partner refuses the deposit, the points return to your balance; a deposit is never made twice.',
      ],
    },
    {
      heading: '12. Invoices',
      paragraphs: [
        'The Provider issues electronic invoices for the fees to the billing data chosen for the charge or parking session. For Registered users, it issues a summary invoice every Monday for the services used in the previous week.',
        'Invoices can be viewed and downloaded in PDF format in the invoices menu of the App; a receipt is also available for each payment.',
        'Please report any technical billing problem (for example a wrong amount or wrong billing data) to customer service within 5 days of the invoice being issued.',
      ],
    },
    {
      heading: '13. Liability',
      paragraphs: [
        'The Provider is liable under Hungarian law for damage caused by a breach of contract. Its liability is capped at the fee of the service concerned (the charge or parking session). This cap does not apply to liability for intentional breach of contract or for a breach of contract causing harm to human life, physical integrity or health.',
        'The Provider is not liable for damage arising from the technical condition or charging capability of the vehicle, from a failure of the internet connection or mobile network, or from an unavoidable external cause (force majeure). The roaming partner concerned is responsible for the operation of its chargers.',
        'The User is liable for damage caused by improper use of a charger, a Parking lot or the App.',
      ],
    },
    {
      heading: '14. Changes to the Terms',
      paragraphs: [
        'The Provider may change these Terms. It notifies Registered users of a change in the App and by e-mail at least 15 days before the change takes effect.',
        'If you do not accept the change, you can end the contract free of charge by deleting your account before the change takes effect. Continuing to use the service after the change takes effect counts as accepting it.',
      ],
    },
    {
      heading: '15. Termination of the contract',
      paragraphs: [
        'You can end the contract at any time without giving reasons by deleting your account on the profile page, or by a statement sent to customer service.',
        'The Provider may terminate the contract with a notice period of 1 month, by notice sent by e-mail (ordinary termination).',
        'The Provider may terminate the contract with immediate effect if the User seriously breaches these Terms, in particular by giving false data, misusing the service, or failing to pay a debt despite a reminder.',
        'The end of the contract does not affect the obligation to pay for services already used. The Provider keeps the billing data for the period required by law.',
      ],
    },
    {
      heading: '16. Complaints and remedies',
      paragraphs: [
        `You can make a complaint to customer service by phone (${support.phone}, ${supportHoursInSentence('en')}) or by e-mail (${support.email}). The Provider examines an oral complaint immediately where possible, and answers a written complaint in writing within 30 days.`,
        'If your complaint is not resolved, as a consumer you can turn to the consumer protection authority (the government office competent for your place of residence), or start proceedings before a conciliation board, such as the Budapest Conciliation Board, which is competent for the Provider’s registered seat. In a dispute you can also go to court.',
      ],
    },
    {
      heading: '17. Governing law and language',
      paragraphs: [
        'These Terms and the contract are governed by Hungarian law, in particular Act V of 2013 on the Civil Code, Act CVIII of 2001 on electronic commerce services and Act CLV of 1997 on consumer protection.',
        'These Terms are available in Hungarian and English, and the two versions have the same content; in case of any discrepancy the Hungarian text prevails. The language of the contract is the language chosen by the User (Hungarian or English).',
      ],
    },
  ],
};
