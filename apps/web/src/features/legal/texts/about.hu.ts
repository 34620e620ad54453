import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const aboutHu: LegalDocument = {
  title: 'Rólunk',
  updated: '2026-11-22',
  intro:
    'A Voltpark magyarországi elektromosautó-töltési és parkolási szolgáltató. Célunk, hogy az elektromos autózás egyszerű és kiszámítható legyen: egyetlen alkalmazásban megtalálja a töltőket, a parkolókat és a partnerüzleteket, és ugyanitt fizethet is.',
  sections: [
    {
      heading: 'Töltés',
      paragraphs: [
        'Saját töltőinken kívül roamingpartnereink töltőit is elérheti. A térképen és a keresőben látja a töltők helyét, állapotát, csatlakozóit és díjait, a töltést pedig a telefonjáról indíthatja, követheti és állíthatja le.',
        'Fizethet bankkártyával, mentett kártyával vagy előre feltöltött egyenlegből, regisztráció nélkül pedig egyszeri, alkalmi töltést is indíthat.',
      ],
    },
    {
      heading: 'Parkolás',
      paragraphs: [
        'Sorompós parkolóinkban az alkalmazással indíthatja és fejezheti be a parkolást. Töltés közben a parkolás díjmentes, a parkolási díjat percre pontosan számoljuk, és az alkalmazásban mindig látja, mióta parkol.',
      ],
    },
    {
      heading: 'Partnerüzletek és pontok',
      paragraphs: [
        'Töltései után pontokat gyűjthet, amelyeket partnereink kedvezményes kuponjaira válthat. A pontelfogadó üzleteket és szolgáltatókat a térképen is megtalálja.',
      ],
    },
    {
      heading: 'Számlák és előzmények',
      paragraphs: [
        'Töltései, parkolásai, nyugtái és számlái egy helyen, az alkalmazásban érhetők el, így költségeit mindig nyomon követheti.',
      ],
    },
    {
      heading: 'Kapcsolat',
      paragraphs: [
        `A szolgáltatást a ${provider.shortName} (székhely: ${provider.seat.hu}) nyújtja. Kérdése van? Ügyfélszolgálatunk ${supportHoursInSentence('hu')} áll rendelkezésére telefonon (${support.phone}) és e-mailben (${support.email}).`,
        'Az Általános Szerződési Feltételeket és az Adatkezelési tájékoztatót az alkalmazásban bármikor elolvashatja.',
      ],
    },
  ],
};
