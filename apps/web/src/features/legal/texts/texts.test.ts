import { describe, expect, it } from 'vitest';
import { legalDocument, provider, support } from './index.js';
import type { LegalDocument, LegalDocumentKind, LegalLanguage } from './index.js';

const kinds: LegalDocumentKind[] = ['gtc', 'privacy', 'about'];
const langs: LegalLanguage[] = ['hu', 'en'];

function strings(doc: LegalDocument): string[] {
  return [
    doc.title,
    doc.intro ?? '',
    ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])]),
  ];
}

/** The whole document as one string, with every kind of white space (also no-break) as one space. */
function text(doc: LegalDocument): string {
  return strings(doc).join('\n').replace(/\s+/g, ' ');
}

type Figure = [what: string, hu: RegExp[], en: RegExp[]];

/** SPEC §9 "Terms figures" and §5 "Terms (as stated to users)", plus the figures the brief lists. */
const gtcFigures: Figure[] = [
  ['availability', [/legalább 90%/], [/at least 90%/]],
  ['maximum power', [/gyorstöltők legnagyobb teljesítménye 22 kW/], [/fast chargers is 22 kW/]],
  ['Type 2 with Mode 3', [/Type 2 csatlakozó Mode 3/], [/Type 2 connector with Mode 3/]],
  [
    'CCS or CHAdeMO with Mode 4',
    [/CCS vagy CHAdeMO csatlakozó Mode 4/],
    [/CCS or CHAdeMO connector with Mode 4/],
  ],
  ['billing address and vehicle', [/számlázási cím és jármű/], [/billing address and a vehicle/]],
  [
    'reservation on the card',
    [
      /legnagyobb időtartamát vagy összegét/,
      /zárolja/,
      /zárolás nem sikerül, a töltés nem indítható/,
    ],
    [
      /maximum time or the maximum amount/,
      /reserves \(holds\)/,
      /reservation fails, charging cannot start/,
    ],
  ],
  [
    'debit up to the maximum, rest released',
    [/legfeljebb a zárolt összeg erejéig/, /fennmaradó összeg zárolását pedig feloldja/],
    [/up to the reserved amount/, /releases the rest of the reservation/],
  ],
  ['grace period', [/15–30 perces türelmi idő/], [/grace period of 15–30 minutes/]],
  [
    'parking fee per hour billed per minute, proportional',
    [/óradíj, amelyet a rendszer percalapon számláz/, /előre/, /idővel arányos/],
    [/hourly rate billed per minute/, /in advance/, /proportional to the time/],
  ],
  [
    'leave within 15 minutes',
    [/15 percen belül el kell hagyni/, /parkolás újraindul/, /napi pótdíj/],
    [/within 15 minutes/, /parking restarts/, /daily surcharge/],
  ],
  [
    'recurring card payment approval',
    [/ismétlődő bankkártyás fizetés minden egyes tranzakcióját Önnek kell jóváhagynia/],
    [/Each transaction of the recurring card payment requires your approval/],
  ],
  [
    'weekly summary invoice',
    [/minden hétfőn összesítő számlát/, /előző héten/],
    [/summary invoice every Monday/, /previous week/],
  ],
  ['billing problems within 5 days', [/5 napon belül/], [/within 5 days/]],
  ['terms changes 15 days ahead', [/legalább 15 nappal/], [/at least 15 days before/]],
  ['ordinary termination 1 month', [/1 hónapos felmondási idővel/], [/notice period of 1 month/]],
  [
    'registration refusal',
    [/megtagadhatja vagy visszavonhatja/, /valótlanok vagy hiányosak/, /szerződésszegés miatt/],
    [/refuse or withdraw a registration/, /false or incomplete/, /for breach of contract/],
  ],
  [
    'liability cap',
    [/felső határa az érintett szolgáltatás \(töltés vagy parkolás\) díja/],
    [/capped at the fee of the service concerned/],
  ],
  [
    'wallet top-up limits',
    [/legalább 100 Ft, legfeljebb 50 000 Ft/],
    [/at least 100 Ft and at most 50 000 Ft/],
  ],
  ['wallet minimum to charge', [/Egyenleg legalább 5 000 Ft/], [/balance is at least 5 000 Ft/]],
  ['coupon validity', [/aktiválásától számított 60 percig/], [/60 minutes after its activation/]],
  [
    'guest charging',
    [/kizárólag az e-mail-cím megadásával/, /legalább 5 000 Ft/],
    [/giving only your e-mail address/, /at least 5 000 Ft/],
  ],
  [
    'card payment through SimplePay',
    [/SimplePay/, /OTP Mobil Kft\./, /OneClick/],
    [/SimplePay/, /OTP Mobil Kft\./, /OneClick/],
  ],
  ['gross prices in Ft', [/bruttó árak, forintban \(Ft\)/], [/gross prices in forints \(Ft\)/]],
  [
    'complaints',
    [/fogyasztóvédelmi hatóság/, /Budapesti Békéltető Testület/],
    [/consumer protection authority/, /Budapest Conciliation Board/],
  ],
  ['governing law', [/magyar jog/], [/Hungarian law/]],
  [
    'online-wallet deposit (the consent links here, decision 0031)',
    [/OnlinePénztárca/, /legalább 500, legfeljebb 100 000 pontot/, /pontok visszakerülnek/],
    [/OnlinePénztárca/, /at least 500 and at most 100,000/, /points return to your balance/],
  ],
];

const privacyFigures: Figure[] = [
  [
    'retention of name, phone, e-mail and plate',
    [
      /nevet, a telefonszámot, az e-mail-címet és a rendszámot a jogviszony megszűnését követő 5 évig/,
    ],
    [
      /name, phone number, e-mail address and licence plate for 5 years after the legal relationship ends/,
    ],
  ],
  [
    'retention of billing name and address',
    [/számlázási nevet és címet a számviteli megőrzési kötelezettség megszűnéséig/, /8 évig/],
    [/billing name and address until the accounting retention duty ends/, /8 years/],
  ],
  ['answer within 15 working days', [/15 munkanapon belül/], [/within 15 working days/]],
  ['JSON export', [/profiloldalon JSON/], [/JSON file on the profile page/]],
  [
    'card data only at SimplePay',
    [/kizárólag a SimplePay \(OTP Mobil Kft\.\)/],
    [/only by SimplePay \(OTP Mobil Kft\.\)/],
  ],
  [
    'masked card number',
    [/maszkolt száma és lejárati ideje/],
    [/masked card number and expiry date/],
  ],
  [
    'supervisory authority',
    [/Nemzeti Adatvédelmi és Információszabadság Hatóság/, /NAIH/],
    [/Nemzeti Adatvédelmi és Információszabadság Hatóság/, /NAIH/],
  ],
  [
    'no third-party tracking',
    [/nem használ harmadik féltől származó követő/],
    [/does not use third-party tracking/],
  ],
  [
    'local storage',
    [
      /választott nyelv/,
      /üzemmód/,
      /szűrői/,
      /hírek/,
      /hirdetés bezárásának időpontja/,
      /bejelentkezési token/,
    ],
    [/chosen language/, /mode/, /filters/, /news/, /advert was closed/, /login token/],
  ],
  [
    'online-wallet deposit: what goes to the partner, on which basis (decision 0031)',
    [
      /OnlinePénztárca \(partner\): .*e-mail-cím és az utalt pontok száma/,
      /nincs pénztárca, annak létrehozása a partnernél: az Ön hozzájárulása/,
    ],
    [
      /OnlinePénztárca \(partner\): .*e-mail address you give and the number of points/,
      /creating one at the partner: your consent/,
    ],
  ],
];

function expectFigures(kind: LegalDocumentKind, figures: Figure[]) {
  const hu = text(legalDocument(kind, 'hu'));
  const en = text(legalDocument(kind, 'en'));
  for (const [what, huPatterns, enPatterns] of figures) {
    for (const p of huPatterns) expect(hu, `${kind} hu: ${what}`).toMatch(p);
    for (const p of enPatterns) expect(en, `${kind} en: ${what}`).toMatch(p);
  }
}

describe('legal texts', () => {
  it.each(kinds)('%s has the same structure in hu and en', (kind) => {
    const hu = legalDocument(kind, 'hu');
    const en = legalDocument(kind, 'en');
    expect(hu.sections.length).toBeGreaterThan(0);
    expect(en.sections.length).toBe(hu.sections.length);
    expect(en.updated).toBe(hu.updated);
    expect(Boolean(en.intro)).toBe(Boolean(hu.intro));
    hu.sections.forEach((section, i) => {
      const other = en.sections[i];
      expect(other?.paragraphs.length, `${kind} section ${i + 1} paragraphs`).toBe(
        section.paragraphs.length,
      );
      expect(other?.items?.length ?? 0, `${kind} section ${i + 1} items`).toBe(
        section.items?.length ?? 0,
      );
    });
  });

  it.each(kinds.flatMap((kind) => langs.map((lang) => [kind, lang] as const)))(
    '%s (%s) is complete plain text',
    (kind, lang) => {
      const doc = legalDocument(kind, lang);
      expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(doc.updated))).toBe(false);
      for (const s of doc.sections) {
        expect(s.heading.trim()).not.toBe('');
        expect(s.paragraphs.length).toBeGreaterThan(0);
      }
      for (const s of strings(doc).filter((_, i) => i !== 1 || doc.intro !== undefined)) {
        expect(s.trim()).not.toBe('');
        expect(s).not.toMatch(/<\/?[a-z][^>]*>/i);
        expect(s).not.toMatch(/\$\{|undefined|null/);
      }
      const all = text(doc);
      expect(all).not.toMatch(/\b(T[O]DO|TBD|FIXME|lorem|ipsum)\b/i);
      // The only placeholders are the operator's registration and tax numbers.
      const rest = all
        .split(provider.registrationNumber)
        .join('')
        .split(provider.taxNumber)
        .join('');
      expect(rest).not.toMatch(/\bX{3,}/);
      // Money is written with a space as thousands separator: 5 000 Ft, never 5000 Ft.
      expect(all).not.toMatch(/\d{4,} ?Ft\b/);
    },
  );

  it('the terms state every figure in both languages', () => {
    expectFigures('gtc', gtcFigures);
  });

  it('the privacy statement states the retention periods, answer time and rights in both languages', () => {
    expectFigures('privacy', privacyFigures);
  });

  it('the operator placeholders and the support contact appear in the terms and privacy statement', () => {
    for (const kind of ['gtc', 'privacy'] as const) {
      for (const lang of langs) {
        const all = text(legalDocument(kind, lang));
        expect(all).toContain('Voltpark Kft.');
        expect(all).toContain('Cg. 01-09-XXXXXX');
        expect(all).toContain(support.phone);
        expect(all).toContain(support.email);
      }
    }
  });

  it('keeps the support contact values', () => {
    expect(support).toEqual({
      phone: '+36 1 555 0199',
      email: 'support@voltpark.hu',
      hours: { hu: 'Hétfőtől péntekig 8–18 óráig', en: 'Monday to Friday, 8:00–18:00' },
    });
  });

  it('legalDocument picks the document by kind and language', () => {
    expect(legalDocument('gtc', 'hu').title).toBe('Általános Szerződési Feltételek');
    expect(legalDocument('gtc', 'en').title).toBe('General Terms and Conditions');
    expect(legalDocument('privacy', 'hu').title).toBe('Adatkezelési tájékoztató');
    expect(legalDocument('privacy', 'en').title).toBe('Privacy Statement');
    expect(legalDocument('about', 'hu').title).toBe('Rólunk');
    expect(legalDocument('about', 'en').title).toBe('About us');
  });
});
