import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const privacyHu: LegalDocument = {
  title: 'Adatkezelési tájékoztató',
  updated: '2026-11-24',
  intro:
    'Ez a tájékoztató bemutatja, hogyan kezeli a Voltpark Kft. az Ön személyes adatait a töltési és parkolási szolgáltatás, valamint az Alkalmazás használata során, és milyen jogok illetik meg Önt. A tájékoztató az Európai Parlament és a Tanács (EU) 2016/679 rendelete (általános adatvédelmi rendelet, a továbbiakban: GDPR) és az információs önrendelkezési jogról és az információszabadságról szóló 2011. évi CXII. törvény alapján készült.',
  sections: [
    {
      heading: '1. Az adatkezelő',
      paragraphs: [
        `Az adatkezelő a ${provider.shortName} (a továbbiakban: Szolgáltató vagy „mi”). Adatvédelmi kérdéseivel az alábbi elérhetőségeken fordulhat hozzánk:`,
      ],
      items: [
        `Cégnév: ${provider.name}`,
        `Székhely: ${provider.seat.hu}`,
        `Cégjegyzékszám: ${provider.registrationNumber}`,
        `Adószám: ${provider.taxNumber}`,
        `E-mail: ${support.email}`,
        `Telefon: ${support.phone} (${supportHoursInSentence('hu')})`,
      ],
    },
    {
      heading: '2. A kezelt személyes adatok',
      paragraphs: [
        'Attól függően, hogy Ön mely funkciókat használja, az alábbi adatokat kezeljük:',
      ],
      items: [
        'Fiókadatok: e-mail-cím, telefonszám, vezeték- és keresztnév, a választott nyelv; közösségi bejelentkezés esetén a Google, az Apple vagy a Facebook által átadott azonosító, név és e-mail-cím.',
        'Számlázási adatok: számlázási név (magánszemélynél vezeték- és keresztnév, cégnél cégnév és adószám), számlázási cím, valamint a számlázáshoz megadott e-mail-cím és telefonszám.',
        'A jármű adatai: rendszám, gyártmány, típus, valamint az Ön által megadott műszaki adatok (például akkumulátor-kapacitás, töltési teljesítmény, csatlakozótípus).',
        'Töltési adatok: a töltő, a töltés kezdete és vége, időtartama, a töltött energia, a díj, a kapott pontok és a fizetési mód.',
        'Parkolási adatok: a parkoló, a parkolás kezdete és vége, a parkolási kód, engedélyhez kötött parkolóban a rendszám, a díj, az esetleges pótdíj, valamint a sorompónyitási kérések időpontja.',
        'Fizetési adatok: a SimplePay-tranzakció és a rendelés azonosítója, a fizetés összege és eredménye, mentett kártya esetén a kártya maszkolt száma és lejárati ideje, valamint az egyenleg és a feltöltések adatai. A teljes kártyaszámot, a biztonsági kódot és a többi kártyaadatot kizárólag a SimplePay (OTP Mobil Kft.) kezeli, azokat mi nem ismerjük meg és nem tároljuk.',
        'Pontok és kuponok: a pontegyenleg, a pontok gyűjtése és felhasználása, a megvásárolt és beváltott kuponok.',
        'Alkalmi töltés és parkolás: e-mail-cím, valamint az egyszeri töltés vagy parkolás adatai.',
        'Kapcsolattartás: az ügyfélszolgálattal folytatott levelezés és a panaszok adatai.',
        'Technikai adatok: a bejelentkezési token, a mobilalkalmazás értesítési azonosítója, valamint – az Ön engedélyével – a készülék helyzete a közeli helyszínek kereséséhez.',
      ],
    },
    {
      heading: '3. Az adatkezelés céljai és jogalapjai',
      paragraphs: ['Személyes adatait csak az alábbi célokból és jogalapokon kezeljük:'],
      items: [
        'Regisztráció, a felhasználói fiók kezelése, töltés és parkolás nyújtása, pontok és kuponok kezelése: szerződés teljesítése (GDPR 6. cikk (1) bekezdés b) pont).',
        'Alkalmi töltés és parkolás: szerződés teljesítése (GDPR 6. cikk (1) bekezdés b) pont).',
        'A díjak beszedése, számlák és nyugták kiállítása, a számviteli bizonylatok megőrzése: szerződés teljesítése és jogi kötelezettség teljesítése (GDPR 6. cikk (1) bekezdés b) és c) pont; a számvitelről szóló 2000. évi C. törvény, az általános forgalmi adóról szóló 2007. évi CXXVII. törvény).',
        'Panaszkezelés és ügyfélszolgálat: jogi kötelezettség teljesítése (GDPR 6. cikk (1) bekezdés c) pont; a fogyasztóvédelemről szóló 1997. évi CLV. törvény), illetve szerződés teljesítése.',
        'A szolgáltatás biztonsága, a visszaélések megelőzése és a jogi igények érvényesítése: a Szolgáltató jogos érdeke (GDPR 6. cikk (1) bekezdés f) pont).',
        'Pontok utalása online pénztárcába: szerződés teljesítése (GDPR 6. cikk (1) bekezdés b) pont); ha az e-mail-címhez még nincs pénztárca, annak létrehozása a partnernél: az Ön hozzájárulása (GDPR 6. cikk (1) bekezdés a) pont), amelyet az utalás előtt, ennek a tájékoztatónak és az ÁSZF-nek az elfogadásával ad meg.',
        'A helyadat használata a közeli helyszínek kereséséhez: az Ön hozzájárulása (GDPR 6. cikk (1) bekezdés a) pont), amelyet a készülék helymeghatározási engedélyének visszavonásával bármikor visszavonhat.',
      ],
    },
    {
      heading: '4. Címzettek és adatfeldolgozók',
      paragraphs: [
        'Személyes adatait nem adjuk el, és csak a szolgáltatás nyújtásához szükséges mértékben továbbítjuk. Adatfeldolgozóink az adatokat kizárólag a mi utasításaink szerint, írásbeli szerződés alapján kezelhetik; aktuális listájukat kérésre megküldjük. Ha valamely címzett az Európai Gazdasági Térségen kívül kezel adatot, az adattovábbítás csak a GDPR V. fejezetében előírt garanciák mellett történik.',
        'Az adatok címzettjei:',
      ],
      items: [
        'OTP Mobil Kft. (SimplePay): a bankkártyás fizetés, a kártyamentés és az egyenlegfeltöltés lebonyolítása. A fizetéshez átadott adatok: e-mail-cím, számlázási név és cím (ha van), a fizetendő összeg és a rendelés azonosítója.',
        'Tárhely- és üzemeltetési szolgáltató (adatfeldolgozó): a szerverek és az adatbázis üzemeltetése.',
        'E-mail-küldő szolgáltató (adatfeldolgozó): a regisztrációs, jelszó-visszaállítási és értesítő e-mailek kézbesítése.',
        'Roamingpartnerek: a roamingpartner töltőjén végzett töltés indításához és elszámolásához szükséges adatok.',
        'Partnerek: kuponbeváltáskor a kupon kódja és érvényessége.',
        'OnlinePénztárca (partner): ha pontjait online pénztárcába utalja, az Ön által megadott e-mail-cím és az utalt pontok száma; ha az e-mail-címhez még nincs pénztárca, az Ön hozzájárulásával az e-mail-cím a pénztárca létrehozásához is.',
        'Google, Apple és Facebook: ha ezekkel jelentkezik be, a bejelentkezés az adott szolgáltatón keresztül, annak saját adatkezelési feltételei szerint történik.',
        'Nemzeti Adó- és Vámhivatal: a kiállított számlák adatai a jogszabályban előírt adatszolgáltatás keretében.',
      ],
    },
    {
      heading: '5. Az adatok megőrzésének ideje',
      paragraphs: [
        'A nevet, a telefonszámot, az e-mail-címet és a rendszámot a jogviszony megszűnését követő 5 évig őrizzük meg, ami a polgári jogi igények általános elévülési ideje.',
        'A számlázási nevet és címet a számviteli megőrzési kötelezettség megszűnéséig, a számvitelről szóló 2000. évi C. törvény alapján 8 évig őrizzük meg. Ugyaneddig őrizzük meg a számla alapjául szolgáló töltési, parkolási és fizetési adatokat is, mert ezek számviteli bizonylatnak minősülnek.',
        'A mentett kártya maszkolt számát és lejárati idejét a kártya vagy a fiók törléséig tároljuk. A fiókhoz tartozó többi adatot (például a jármű műszaki adatait, a pontokat és a kuponokat) a fiók törlésekor töröljük, kivéve, ha azok megőrzését a fenti szabályok előírják.',
        'A jogviszony a fiók törlésével vagy a szerződés más módon történő megszűnésével ér véget, alkalmi töltés vagy parkolás esetén annak elszámolásával. A megőrzési idő leteltével az adatokat töröljük vagy anonimizáljuk.',
      ],
    },
    {
      heading: '6. Az Ön jogai',
      paragraphs: ['Az adatkezeléssel kapcsolatban Önt az alábbi jogok illetik meg:'],
      items: [
        'Hozzáférés: tájékoztatást kérhet arról, hogy milyen adatait kezeljük. Személyes adatait a profiloldalon JSON formátumú fájlként le is töltheti.',
        'Helyesbítés: adatait a profil, a számlázási adatok és az autók menüpontban Ön is módosíthatja, vagy kérheti azok helyesbítését.',
        'Törlés: fiókját a profiloldalon törölheti. A törléssel a szerződés megszűnik; ezt követően adatait csak az 5. pontban írt ideig és célra őrizzük meg, majd töröljük.',
        'Korlátozás: kérheti, hogy adatait – például egy vitatott adat ellenőrzésének idejére – csak tároljuk, de más módon ne kezeljük.',
        'Adathordozhatóság: a szerződés alapján kezelt adatait géppel olvasható (JSON) formátumban megkaphatja, és azokat más szolgáltatónak továbbíthatja.',
        'Tiltakozás: a jogos érdekünkön alapuló adatkezelés ellen tiltakozhat.',
        'A hozzájárulás visszavonása: a helyadat használatához adott hozzájárulását bármikor visszavonhatja; ez nem érinti a visszavonás előtti adatkezelés jogszerűségét.',
      ],
    },
    {
      heading: '7. Kérelmek intézése',
      paragraphs: [
        `Jogai gyakorlására irányuló kérelmét e-mailben (${support.email}) vagy telefonon (${support.phone}) nyújthatja be. Kérelmére indokolatlan késedelem nélkül, legkésőbb 15 munkanapon belül válaszolunk. A válaszadás díjmentes.`,
        'A kérelem teljesítése előtt ellenőrizhetjük személyazonosságát, például úgy, hogy a választ a fiókjához tartozó e-mail-címre küldjük.',
      ],
    },
    {
      heading: '8. Adatbiztonság',
      paragraphs: [
        'Adatait megfelelő technikai és szervezési intézkedésekkel – többek között hozzáférés-korlátozással és titkosított adatátvitellel – védjük a jogosulatlan hozzáférés, módosítás, továbbítás, nyilvánosságra hozatal, törlés és megsemmisülés ellen.',
        'Adatvédelmi incidens esetén a GDPR szerint járunk el: a kockázattal járó incidenst 72 órán belül bejelentjük a hatóságnak, és ha az incidens valószínűleg magas kockázattal jár az Ön jogaira, Önt is haladéktalanul tájékoztatjuk.',
      ],
    },
    {
      heading: '9. Sütik és helyi tárolás',
      paragraphs: [
        'Az Alkalmazás nem használ harmadik féltől származó követő vagy hirdetési sütiket, és nem követi a felhasználókat. A térkép megjelenítéséhez a böngésző egy térképszolgáltatótól tölti le a térképrészleteket; ennek során – mint minden internetes kérésnél – a térképszolgáltató megkapja a készülék IP-címét.',
        'A működéshez szükséges alábbi adatokat az Ön készülékén, a böngésző helyi tárolójában (local storage) tároljuk. Ezek a bejelentkezéshez és a beállításai megőrzéséhez szükségesek, ezért ehhez nem kérünk hozzájárulást. Kijelentkezéskor a bejelentkezési adatokat és a nyelvi beállítást töröljük, a többi adatot a böngésző beállításaiban bármikor törölheti.',
      ],
      items: [
        'a választott nyelv;',
        'a választott üzemmód (például töltés vagy parkolás) és a térkép szűrői;',
        'a már megjelenített hírek azonosítói;',
        'a kezdőoldali hirdetés bezárásának időpontja;',
        'a töltési útmutató „ne mutassa újra” beállítása;',
        'bejelentkezés esetén a felhasználói azonosító, az e-mail-cím és a bejelentkezési token.',
      ],
    },
    {
      heading: '10. Jogorvoslat',
      paragraphs: [
        'Ha úgy véli, hogy adatainak kezelése sérti a jogszabályokat, kérjük, először forduljon hozzánk, hogy a problémát orvosolhassuk. Panaszt tehet a Nemzeti Adatvédelmi és Információszabadság Hatóságnál (NAIH), és bírósághoz is fordulhat; a pert – választása szerint – a lakóhelye vagy tartózkodási helye szerint illetékes törvényszék előtt is megindíthatja.',
        'A NAIH elérhetőségei:',
      ],
      items: [
        'Cím: 1055 Budapest, Falk Miksa utca 9–11.',
        'Postacím: 1363 Budapest, Pf. 9.',
        'Telefon: +36 1 391 1400',
        'E-mail: ugyfelszolgalat@naih.hu',
        'Honlap: https://naih.hu',
      ],
    },
    {
      heading: '11. A tájékoztató módosítása',
      paragraphs: [
        'A tájékoztatót a jogszabályok vagy az adatkezelés változása esetén módosíthatjuk. A hatályos változat az Alkalmazásban mindig elérhető; lényeges változásról e-mailben vagy az Alkalmazásban értesítjük. A tájékoztató magyar és angol nyelven érhető el, a két változat tartalma azonos.',
      ],
    },
  ],
};
