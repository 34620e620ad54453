/**
 * The operator's company details, shared by the terms, the privacy statement and the about text.
 * The registration and tax numbers are placeholders (marked with X) that the operator fills in
 * before publishing; every other value here is final.
 */
export const provider = {
  name: 'Voltpark Korlátolt Felelősségű Társaság',
  shortName: 'Voltpark Kft.',
  seat: { hu: 'Budapest', en: 'Budapest, Hungary' },
  registrationNumber: 'Cg. 01-09-XXXXXX',
  registryCourt: {
    hu: 'Fővárosi Törvényszék Cégbírósága',
    en: 'Company Registry Court of the Budapest-Capital Regional Court',
  },
  taxNumber: 'XXXXXXXX-X-XX',
};
