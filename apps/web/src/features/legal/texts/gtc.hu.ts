import { provider } from './provider.js';
import { support, supportHoursInSentence } from './support.js';
import type { LegalDocument } from './types.js';

export const gtcHu: LegalDocument = {
  title: 'Általános Szerződési Feltételek',
  updated: '2026-11-24',
  intro:
    'Jelen Általános Szerződési Feltételek (a továbbiakban: ÁSZF) a Voltpark Kft. elektromosjármű-töltési és parkolási szolgáltatásának igénybevételére vonatkoznak. Kérjük, a regisztráció, illetve az első töltés vagy parkolás előtt figyelmesen olvassa el.',
  sections: [
    {
      heading: '1. A Szolgáltató adatai',
      paragraphs: [
        `A szolgáltatást a ${provider.shortName} (a továbbiakban: Szolgáltató) nyújtja az alábbi adatokkal:`,
      ],
      items: [
        `Cégnév: ${provider.name} (rövidített név: ${provider.shortName})`,
        `Székhely: ${provider.seat.hu}`,
        `Cégjegyzékszám: ${provider.registrationNumber} (nyilvántartja a ${provider.registryCourt.hu})`,
        `Adószám: ${provider.taxNumber}`,
        `Ügyfélszolgálat: telefonon ${support.phone}, e-mailben ${support.email}`,
        `Ügyfélszolgálati idő: ${supportHoursInSentence('hu')}`,
      ],
    },
    {
      heading: '2. Fogalmak',
      paragraphs: ['Az ÁSZF-ben az alábbi kifejezések a következő jelentéssel bírnak:'],
      items: [
        '„Alkalmazás”: a Voltpark webes és mobilalkalmazása, amelyen keresztül a szolgáltatás igénybe vehető.',
        '„Felhasználó” vagy „Ön”: az a természetes személy vagy szervezet, aki vagy amely a szolgáltatást regisztrált vagy alkalmi felhasználóként igénybe veszi.',
        '„Regisztrált felhasználó”: az a Felhasználó, aki az Alkalmazásban felhasználói fiókot hozott létre.',
        '„Alkalmi felhasználó”: az a Felhasználó, aki regisztráció nélkül, kizárólag az e-mail-címe megadásával indít egyszeri töltést vagy parkolást.',
        '„Töltő”: a Szolgáltató vagy roamingpartnere által üzemeltetett, az Alkalmazás térképén szereplő elektromosjármű-töltő berendezés.',
        '„Roamingpartner”: az a töltőüzemeltető, amelynek töltőit a Regisztrált felhasználók az Alkalmazáson keresztül használhatják.',
        '„Parkoló”: sorompóval vagy kapuval ellátott parkolóterület, amelynek használata az Alkalmazással indítható és fejezhető be.',
        '„Türelmi idő”: a töltés befejezését követő 15–30 perces időszak, amely alatt parkolási díj nem számítódik fel.',
        '„Pótdíj”: a Parkoló díjszabásában meghatározott napi díj, amely akkor számítható fel, ha a jármű a parkolás lezárása után nem hagyja el időben a Parkolót.',
        '„Egyenleg”: a Regisztrált felhasználó előre feltöltött, az Alkalmazásban nyilvántartott pénzösszege, amelyből töltés és parkolás díja fizethető.',
        '„Pont” és „kupon”: a töltések után járó pontok, illetve a pontokért vásárolható, a partnereknél beváltható kedvezményes kuponok.',
        '„Partner”: az a pontelfogadó üzlet vagy szolgáltató, amelynél a kuponok beválthatók.',
        '„SimplePay”: az OTP Mobil Kft. által nyújtott online bankkártyás fizetési szolgáltatás.',
      ],
    },
    {
      heading: '3. Az ÁSZF hatálya és a szerződés létrejötte',
      paragraphs: [
        'Az ÁSZF a Szolgáltató és a Felhasználó között az Alkalmazás használatával létrejövő szerződés feltételeit tartalmazza, és mind a regisztrált, mind az alkalmi felhasználásra kiterjed.',
        'A szerződés elektronikus úton jön létre: Regisztrált felhasználó esetén a regisztrációkor, az ÁSZF és az Adatkezelési tájékoztató elfogadásával, Alkalmi felhasználó esetén az egyszeri töltés vagy parkolás elindításával. A szerződés nem minősül írásba foglalt szerződésnek, azt a Szolgáltató nem iktatja; az ÁSZF hatályos szövege az Alkalmazásban bármikor elérhető.',
        'A töltés és a parkolás az Ön kifejezett kérésére azonnal megkezdődik. Ezzel Ön tudomásul veszi, hogy a szolgáltatás teljesítését követően a fogyasztó és a vállalkozás közötti szerződések részletes szabályairól szóló 45/2014. (II. 26.) Korm. rendelet szerinti felmondási jogát nem gyakorolhatja.',
      ],
    },
    {
      heading: '4. Regisztráció és felhasználói fiók',
      paragraphs: [
        'A regisztráció bárki számára nyitott. Ehhez e-mail-cím, telefonszám és jelszó megadása, az ellenőrző kód kitöltése, valamint az ÁSZF és az Adatkezelési tájékoztató elfogadása szükséges. A fiók az e-mailben kapott megerősítő hivatkozással aktiválható. Bejelentkezni Google-, Apple- vagy Facebook-fiókkal is lehet.',
        'Ön felel azért, hogy a megadott adatok valósak, pontosak és teljesek legyenek, és hogy jelszavát harmadik személy ne ismerje meg. A fiókjával indított töltésekért és parkolásokért Ön felel.',
        'A Szolgáltató a regisztrációt megtagadhatja vagy visszavonhatja, ha a megadott adatok valótlanok vagy hiányosak, vagy ha a Felhasználóval korábban kötött szerződést a Szolgáltató szerződésszegés miatt szüntette meg.',
        'Adatait a profil, a számlázási adatok és az autók menüpontban módosíthatja. Fiókját a profiloldalon bármikor törölheti; a törléssel a szerződés megszűnik, a számlázási adatokat azonban a Szolgáltató a jogszabályban előírt ideig megőrzi.',
      ],
    },
    {
      heading: '5. A szolgáltatás tartalma és rendelkezésre állása',
      paragraphs: [
        'Az Alkalmazásban töltőket, parkolókat és pontelfogadó partnereket kereshet térképen vagy listában, töltést és parkolást indíthat és állíthat le, kifizetheti a díjakat, pontokat gyűjthet és válthat kuponokra, valamint megtekintheti nyugtáit és számláit. Regisztrált felhasználók a Szolgáltató saját töltőin kívül a roamingpartnerek töltőin is tölthetnek.',
        'A Szolgáltató vállalja, hogy a szolgáltatás az adott helyszín nyitvatartási idejének legalább 90%-ában rendelkezésre áll. Az egyes töltők és parkolók aktuális állapotát az Alkalmazás mutatja. A tervezett karbantartásról a Szolgáltató lehetőség szerint előre tájékoztat.',
        'A ténylegesen leadott teljesítmény a töltőtől, a jármű fedélzeti töltőjétől és az akkumulátor állapotától is függ, ezért az Alkalmazásban megjelenő töltési idő és energiamennyiség becslés. A töltők műszaki jellemzői:',
      ],
      items: [
        'A gyorstöltők legnagyobb teljesítménye 22 kW.',
        'Type 2 csatlakozó Mode 3 töltési móddal.',
        'CCS vagy CHAdeMO csatlakozó Mode 4 töltési móddal.',
      ],
    },
    {
      heading: '6. Töltés',
      paragraphs: [
        'Regisztrált felhasználó akkor indíthat töltést, ha a fiókjához számlázási cím és jármű is hozzá van rendelve. Az alkalmi töltés szabályait a 8. pont tartalmazza.',
        'Töltést a töltő kiválasztása után (a térképen, a keresőben vagy a töltőn elhelyezett QR-kód beolvasásával) lehet indítani, ha a töltő szabad és érvényes díjszabással rendelkezik. Az indítás után csatlakoztassa a kábelt a járművéhez.',
        'A töltés indításakor Ön megadja a töltés legnagyobb időtartamát vagy összegét. A rendszer ebből kiszámítja a fizetendő legnagyobb összeget, és azt a bankkártyáján zárolja (foglalja). Ha a zárolás nem sikerül, a töltés nem indítható el. A töltés befejezése után a rendszer a kártyát a ténylegesen igénybe vett szolgáltatás díjával, legfeljebb a zárolt összeg erejéig terheli meg, a fennmaradó összeg zárolását pedig feloldja.',
        'A töltést az Alkalmazásban bármikor leállíthatja. A töltés akkor is véget ér, ha eléri a megadott időtartamot vagy összeget, vagy ha a jármű befejezi a töltést.',
        'Kérjük, tartsa be a töltőn és az Alkalmazásban feltüntetett használati utasításokat, és csak a járművéhez megfelelő, ép kábelt használjon.',
      ],
    },
    {
      heading: '7. Parkolás',
      paragraphs: [
        'A Parkoló használatát az Alkalmazásban indított parkolással kezdheti meg. A sorompó vagy kapu akkor nyílik, amikor a rendszer ezt engedélyezi. Engedélyhez kötött Parkolóban a rendszer a jármű rendszámát is ellenőrzi.',
        'Töltés közben a parkolás díjmentes. A töltés befejezése után 15–30 perces türelmi idő következik (az adott helyszínre vonatkozó pontos értéket az Alkalmazás mutatja), ennek leteltével parkolási díj számítódik fel. A parkolási díj óradíj, amelyet a rendszer percalapon számláz. A parkolási díj legnagyobb összegét a rendszer előre, a töltés indításakor zárolja, és a ténylegesen igénybe vett idővel arányos összeget terheli meg.',
        'Töltés nélküli parkolás esetén a díjat a parkolás befejezésekor kell megfizetni bankkártyával (SimplePay), mentett kártyával vagy az Egyenlegből. Az esetleges díjmentes perceket a Parkoló díjszabása tartalmazza.',
        'A parkolás lezárása után a Parkolót 15 percen belül el kell hagyni. Ha a jármű ezen belül nem hajt ki, a parkolás újraindul, és a Parkoló díjszabásában szereplő napi pótdíj is felszámítható. A pótdíj az Alkalmazás pótdíjfizetési oldalán, az e-mail-cím és a parkolási kód megadásával fizethető meg.',
        'A Szolgáltató a Parkolóban elhelyezett járművek és az azokban hagyott tárgyak őrzését nem vállalja.',
      ],
    },
    {
      heading: '8. Alkalmi (vendég) töltés és parkolás',
      paragraphs: [
        'Regisztráció nélkül, kizárólag az e-mail-cím megadásával is indítható egyszeri töltés vagy parkolás. Alkalmi töltésnél a zárolt összeg legalább 5 000 Ft; a választható összegek: 5 000 Ft, 10 000 Ft és 15 000 Ft. A töltés után a rendszer a ténylegesen igénybe vett szolgáltatás díját terheli meg, a fennmaradó összeg zárolását pedig feloldja.',
        'Alkalmi felhasználó kizárólag bankkártyával, a SimplePay fizetési oldalán fizethet; mentett kártya, Egyenleg és számlázási adatok nem használhatók. Pontgyűjtésre és a számlázási adatokra kiállított számlára csak Regisztrált felhasználó jogosult.',
        'Ha a töltő parkolóban található, a parkoláshoz kapott parkolási kód a töltés indításakor megadható.',
      ],
    },
    {
      heading: '9. Árak',
      paragraphs: [
        'Az aktuális díjakat az Alkalmazás minden töltőnél és parkolónál feltünteti. Az árak bruttó árak, forintban (Ft) értendők, és tartalmazzák az általános forgalmi adót.',
        'A töltés díja a töltött energia után fizetendő egységárból (Ft/kWh) és – ha van ilyen – kényelmi díjból áll. A parkolás díja óradíj, amelyet a rendszer percalapon számláz; egyes Parkolókban díjmentes percek, illetve napi pótdíj is érvényes. Egyes töltők ingyenesen használhatók, ezt az Alkalmazás jelzi.',
        'Az adott töltésre vagy parkolásra az indításkor az Alkalmazásban feltüntetett díjak irányadók; a későbbi árváltozás a már elindított töltést vagy parkolást nem érinti.',
      ],
    },
    {
      heading: '10. Fizetés',
      paragraphs: [
        'A díjak bankkártyával, a SimplePay online fizetési szolgáltatáson keresztül fizethetők, amelyet az OTP Mobil Kft. nyújt. A bankkártyaadatokat kizárólag az OTP Mobil Kft. kezeli; a Szolgáltató azokhoz nem fér hozzá, csak a kártya maszkolt számát és lejárati idejét tárolja.',
        'Bankkártyáját a SimplePay OneClick szolgáltatásával el is mentheti, így a további fizetésekhez nem kell újra megadnia a kártyaadatokat. Az ismétlődő bankkártyás fizetés minden egyes tranzakcióját Önnek kell jóváhagynia: a Szolgáltató a mentett kártyát csak az Ön által az Alkalmazásban elindított töltés, parkolás vagy feltöltés díjával terheli meg. A mentett kártyát a fizetési módok menüpontban bármikor törölheti.',
        'Regisztrált felhasználóként előre fizetett Egyenleget is használhat. Az Egyenleg bankkártyával, a SimplePay rendszerén keresztül tölthető fel; egy feltöltés legalább 100 Ft, legfeljebb 50 000 Ft lehet. Egyenlegből töltés akkor indítható, ha az Egyenleg legalább 5 000 Ft.',
        'Ha az Egyenleg a díj levonása után negatívvá válik, a tartozást a következő feltöltéssel rendezni kell; ilyenkor a legkisebb feltölthető összeg a tartozás összege, de legalább 100 Ft. Amíg a tartozás fennáll, új töltés nem indítható.',
      ],
    },
    {
      heading: '11. Pontok és kuponok',
      paragraphs: [
        'Regisztrált felhasználóként a töltések után pontokat gyűjthet. Pontjait az Alkalmazás pontok menüpontjában a partnerek kedvezményes kuponjaira válthatja. A pontgyűjtés és a kuponok aktuális feltételeit az Alkalmazás tartalmazza.',
        'A kupon az aktiválásától számított 60 percig érvényes, ezt követően nem használható fel. A kupont a partner a saját üzletében vagy webáruházában váltja be, a kuponon feltüntetett feltételek szerint.',
        'A kuponnal megvásárolt termékért vagy igénybe vett szolgáltatásért az azt nyújtó partner felel.',
        'Pontjait az OnlinePénztárca partner online pénztárcájába is utalhatja egy e-mail-címre, 500 pontos lépésekben, legalább 500, legfeljebb 100 000 pontot, egyenlege erejéig. Ha az e-mail-címhez még nincs pénztárca, az utalás azt is létrehozza; ehhez el kell fogadnia az adatkezelési tájékoztatót és jelen ÁSZF-et. Ha a partner az utalást elutasítja, a pontok visszakerülnek az egyenlegére; ugyanazt az utalást a rendszer legfeljebb egyszer teljesíti.',
      ],
    },
    {
      heading: '12. Számlázás',
      paragraphs: [
        'A Szolgáltató a díjakról elektronikus számlát állít ki a töltéshez vagy parkoláshoz kiválasztott számlázási adatokra. A Regisztrált felhasználók számára minden hétfőn összesítő számlát állít ki az előző héten igénybe vett szolgáltatásokról.',
        'A számlák PDF formátumban az Alkalmazás számlák menüpontjában tekinthetők meg és tölthetők le; az egyes fizetésekről nyugta is elérhető.',
        'A számlázással kapcsolatos technikai problémát (például hibás összeget vagy hibás számlázási adatot) kérjük, a számla kiállításától számított 5 napon belül jelezze az ügyfélszolgálatnak.',
      ],
    },
    {
      heading: '13. Felelősség',
      paragraphs: [
        'A Szolgáltató a szerződés megszegésével okozott kárért a magyar jog szerint felel. Felelősségének felső határa az érintett szolgáltatás (töltés vagy parkolás) díja. Ez a korlátozás nem vonatkozik a szándékosan okozott, valamint az emberi életet, testi épséget vagy egészséget megkárosító szerződésszegésért való felelősségre.',
        'A Szolgáltató nem felel a jármű műszaki állapotából vagy töltési képességéből, az internetkapcsolat vagy a mobilhálózat hibájából, illetve elháríthatatlan külső okból (vis maior) eredő károkért. A roamingpartnerek töltőinek működéséért az adott roamingpartner felel.',
        'A Felhasználó felel a töltő, a Parkoló és az Alkalmazás nem rendeltetésszerű használatával okozott károkért.',
      ],
    },
    {
      heading: '14. Az ÁSZF módosítása',
      paragraphs: [
        'A Szolgáltató az ÁSZF-et módosíthatja. A módosításról a hatálybalépése előtt legalább 15 nappal az Alkalmazásban és e-mailben értesíti a Regisztrált felhasználókat.',
        'Ha Ön a módosítást nem fogadja el, a hatálybalépés előtt fiókja törlésével díjmentesen megszüntetheti a szerződést. A szolgáltatás további igénybevétele a hatálybalépés után a módosítás elfogadásának minősül.',
      ],
    },
    {
      heading: '15. A szerződés megszűnése',
      paragraphs: [
        'Ön a szerződést bármikor, indokolás nélkül megszüntetheti fiókja törlésével a profiloldalon, vagy az ügyfélszolgálatnak küldött nyilatkozattal.',
        'A Szolgáltató a szerződést 1 hónapos felmondási idővel, e-mailben küldött értesítéssel mondhatja fel (rendes felmondás).',
        'A Szolgáltató a szerződést azonnali hatállyal felmondhatja, ha a Felhasználó súlyosan megszegi az ÁSZF-et, így különösen ha valótlan adatokat ad meg, a szolgáltatással visszaél, vagy díjtartozását felszólítás ellenére sem rendezi.',
        'A szerződés megszűnése nem érinti a már igénybe vett szolgáltatások díjának megfizetési kötelezettségét. A számlázási adatokat a Szolgáltató a jogszabályban előírt ideig megőrzi.',
      ],
    },
    {
      heading: '16. Panaszkezelés és jogorvoslat',
      paragraphs: [
        `Panaszát az ügyfélszolgálatnál teheti meg telefonon (${support.phone}, ${supportHoursInSentence('hu')}) vagy e-mailben (${support.email}). A szóbeli panaszt a Szolgáltató lehetőség szerint azonnal megvizsgálja, az írásbeli panaszra 30 napon belül írásban válaszol.`,
        'Ha a panasz rendezése nem vezet eredményre, fogyasztóként a fogyasztóvédelmi hatósághoz (a lakóhelye szerint illetékes kormányhivatalhoz) fordulhat, vagy kezdeményezheti a békéltető testület, így a Szolgáltató székhelye szerint illetékes Budapesti Békéltető Testület eljárását. Jogvita esetén bírósághoz is fordulhat.',
      ],
    },
    {
      heading: '17. Irányadó jog és nyelv',
      paragraphs: [
        'Az ÁSZF-re és a szerződésre a magyar jog, különösen a Polgári Törvénykönyvről szóló 2013. évi V. törvény, az elektronikus kereskedelmi szolgáltatásokról szóló 2001. évi CVIII. törvény és a fogyasztóvédelemről szóló 1997. évi CLV. törvény az irányadó.',
        'Az ÁSZF magyar és angol nyelven érhető el, a két változat tartalma azonos; eltérés esetén a magyar nyelvű szöveg az irányadó. A szerződés nyelve a Felhasználó által választott nyelv (magyar vagy angol).',
      ],
    },
  ],
};
