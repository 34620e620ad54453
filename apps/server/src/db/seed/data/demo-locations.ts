/**
 * The demo sites: real places with their real street addresses and coordinates.
 * Features: c = chargers (A = AC only, D = DC only, M = both), p = parking lot, s = partner shops.
 */
export interface DemoLocation {
  name: string;
  zip: string;
  city: string;
  street: string;
  type: string;
  no: string;
  lat: number;
  lng: number;
  /** Which kinds of chargers stand here, if any. */
  chargers?: 'A' | 'D' | 'M';
  parking?: boolean;
  shops?: number;
  descHu?: string;
  descEn?: string;
}

type Row = [string, string, string, string, string, string, number, number, string, string?, string?];

// name, zip, city, street, public-space type, house no., lat, lng, features (chargers A/D/M, p, s1..s3)
const rows: Row[] = [
  ['Westend City Center', '1062', 'Budapest', 'Váci', 'út', '1-3', 47.51285, 19.05672, 'M p s3', 'A bevásárlóközpont mélygarázsának -2. szintjén, a B lift mellett.', 'On level -2 of the shopping centre garage, next to lift B.'],
  ['Allee Bevásárlóközpont', '1117', 'Budapest', 'Október huszonharmadika', 'utca', '8-10', 47.47547, 19.04961, 'M p s2', 'A parkolóház földszintjén, a Bocskai úti bejárat felől.', 'Ground floor of the car park, from the Bocskai út entrance.'],
  ['Aréna Mall', '1087', 'Budapest', 'Kerepesi', 'út', '9', 47.49768, 19.08901, 'M p s3'],
  ['Mammut Bevásárlóközpont', '1024', 'Budapest', 'Lövőház', 'utca', '2-6', 47.50893, 19.02549, 'A p s2'],
  ['MOM Park', '1123', 'Budapest', 'Alkotás', 'utca', '53', 47.49138, 19.02163, 'A p s1'],
  ['Etele Plaza', '1119', 'Budapest', 'Hadak', 'útja', '1', 47.46501, 19.02011, 'M p s2'],
  ['Campona', '1222', 'Budapest', 'Nagytétényi', 'út', '37-43', 47.40604, 19.01514, 'D p s1'],
  ['Árkád Budapest', '1106', 'Budapest', 'Örs vezér', 'tere', '25/A', 47.50302, 19.13703, 'M p s2'],
  ['Duna Plaza', '1138', 'Budapest', 'Váci', 'út', '178', 47.54872, 19.07152, 'A p s1'],
  ['Corvin Plaza', '1083', 'Budapest', 'Futó', 'utca', '37-45', 47.48552, 19.07351, 'A s1'],
  ['Millenáris Park', '1024', 'Budapest', 'Kis Rókus', 'utca', '16-20', 47.51052, 19.02598, 'A', 'Nyilvános töltők a park Kis Rókus utcai parkolójában.', 'Public chargers in the park’s car park on Kis Rókus utca.'],
  ['Köki Terminál', '1191', 'Budapest', 'Vak Bottyán', 'utca', '75/A-C', 47.46297, 19.14702, 'M p s2'],
  ['Savoya Park', '1117', 'Budapest', 'Hunyadi János', 'út', '19', 47.42902, 19.03897, 'D s1'],
  ['Pólus Center', '1152', 'Budapest', 'Szentmihályi', 'út', '131', 47.55603, 19.15297, 'A p s1'],
  ['Népliget Autóbusz-állomás', '1101', 'Budapest', 'Üllői', 'út', '131', 47.47653, 19.09897, 'D p'],
  ['Szabadság téri mélygarázs', '1054', 'Budapest', 'Szabadság', 'tér', '15', 47.50296, 19.05004, 'A p', 'Mélygarázs a Parlament közelében, 2,1 m magasságkorlát.', 'Underground garage near Parliament, 2.1 m height limit.'],
  ['Flórián Üzletközpont', '1033', 'Budapest', 'Flórián', 'tér', '6-9', 47.54201, 19.04103, 's2'],
  ['Rózsakert Bevásárlóközpont', '1026', 'Budapest', 'Gábor Áron', 'utca', '74-78', 47.52397, 19.00598, 'A p s2'],
  ['Budagyöngye', '1026', 'Budapest', 'Szilágyi Erzsébet', 'fasor', '121', 47.51751, 19.00203, 'p s1'],
  ['Hungexpo Budapest', '1101', 'Budapest', 'Albertirsai', 'út', '10', 47.49203, 19.12802, 'M p'],
  ['BME Központi Épület', '1111', 'Budapest', 'Műegyetem', 'rakpart', '3', 47.48161, 19.05572, 'A', 'Egyetemi parkoló, hétköznap 7 és 20 óra között nyitva.', 'University car park, open on weekdays from 7:00 to 20:00.'],
  ['Andrássy úti parkolóhely', '1061', 'Budapest', 'Andrássy', 'út', '20', 47.50341, 19.05932, 'A'],
  ['Városligeti Műjégpálya', '1146', 'Budapest', 'Olof Palme', 'sétány', '5', 47.51652, 19.08103, 'A p s1'],
  ['Szépvölgyi Business Park', '1037', 'Budapest', 'Szépvölgyi', 'út', '35-37', 47.52903, 19.02897, 'M p'],
  ['Infopark', '1117', 'Budapest', 'Neumann János', 'utca', '1', 47.47352, 19.05903, 'A p'],
  ['Csepel Plaza', '1211', 'Budapest', 'II. Rákóczi Ferenc', 'út', '154-170', 47.42301, 19.07398, 'A s1'],
  ['Lurdy Ház', '1097', 'Budapest', 'Könyves Kálmán', 'körút', '12-14', 47.47903, 19.09102, 'M p s2'],
  ['Hotel Flamenco', '1113', 'Budapest', 'Tas vezér', 'utca', '3-7', 47.47401, 19.03302, 'A s1'],
  ['Budaörs Bevásárlópark', '2040', 'Budaörs', 'Sport', 'utca', '2-4', 47.45203, 18.96402, 'D p s2'],
  ['Fórum Debrecen', '4025', 'Debrecen', 'Csapó', 'utca', '30', 47.53002, 21.62603, 'M p s2'],
  ['Debreceni Egyetem', '4032', 'Debrecen', 'Egyetem', 'tér', '1', 47.55302, 21.62198, 'A'],
  ['Nagyerdei Stadion', '4032', 'Debrecen', 'Nagyerdei', 'park', '12', 47.55197, 21.63002, 'A p'],
  ['Árkád Szeged', '6724', 'Szeged', 'Londoni', 'körút', '3', 46.24281, 20.15702, 'M p s2'],
  ['Szeged Dóm tér', '6720', 'Szeged', 'Dóm', 'tér', '16', 46.24982, 20.14951, 'A'],
  ['Szegedi Tudományegyetem', '6720', 'Szeged', 'Dugonics', 'tér', '13', 46.25102, 20.14502, 'A s1'],
  ['Árkád Pécs', '7622', 'Pécs', 'Bajcsy-Zsilinszky', 'utca', '11', 46.07371, 18.23581, 'M p s2'],
  ['Zsolnay Kulturális Negyed', '7630', 'Pécs', 'Zsolnay Vilmos', 'utca', '37', 46.07803, 18.25002, 'A p s1'],
  ['Pécs Plaza', '7632', 'Pécs', 'Megyeri', 'út', '76', 46.05302, 18.20803, 'D s1'],
  ['Árkád Győr', '9027', 'Győr', 'Budai', 'út', '1', 47.68102, 17.63903, 'M p s2'],
  ['Győr Plaza', '9027', 'Győr', 'Vasvári Pál', 'utca', '1/A', 47.69502, 17.65702, 'A s1'],
  ['Audi Hungaria látogatóközpont', '9027', 'Győr', 'Audi Hungária', 'út', '1', 47.68803, 17.70697, 'D p'],
  ['Miskolc Plaza', '3530', 'Miskolc', 'Szentpáli', 'utca', '2-6', 48.10351, 20.79002, 'M p s2'],
  ['Diósgyőri vár', '3534', 'Miskolc', 'Vár', 'utca', '24', 48.09652, 20.68703, 'A'],
  ['Barlangfürdő Miskolctapolca', '3519', 'Miskolc', 'Pazár István', 'sétány', '1', 48.05903, 20.74603, 'A p s1'],
  ['Alba Plaza', '8000', 'Székesfehérvár', 'Palotai', 'út', '1', 47.19352, 18.41553, 'M p s2'],
  ['Székesfehérvár Városház tér', '8000', 'Székesfehérvár', 'Városház', 'tér', '1', 47.19072, 18.41041, 'A'],
  ['Gödöllői Királyi Kastély', '2100', 'Gödöllő', 'Szabadság', 'tér', '1', 47.59603, 19.35402, 'A p s1', 'A kastély látogatói parkolójában, a Szabadság tér felőli oldalon.', 'In the palace visitor car park, on the Szabadság tér side.'],
  ['MATE Gödöllői Campus', '2100', 'Gödöllő', 'Páter Károly', 'utca', '1', 47.59402, 19.36703, 'A'],
  ['Malom Központ', '6000', 'Kecskemét', 'Korona', 'utca', '2', 46.90603, 19.69202, 'M p s2'],
  ['Kecskemét Mercedes út', '6000', 'Kecskemét', 'Mercedes', 'út', '1', 46.92503, 19.78002, 'D'],
  ['Siófok Petőfi sétány', '8600', 'Siófok', 'Petőfi', 'sétány', '1', 46.91003, 18.05803, 'A p s2'],
  ['Siófok Víztorony', '8600', 'Siófok', 'Fő', 'utca', '174', 46.90602, 18.04903, 'D s1'],
  ['Balaton Plaza', '8200', 'Veszprém', 'Budapest', 'út', '20-28', 47.09603, 17.91602, 'M p s1'],
  ['Nyír Plaza', '4400', 'Nyíregyháza', 'Szegfű', 'utca', '75', 47.96602, 21.71202, 'M p s1'],
  ['Eger Dobó István tér', '3300', 'Eger', 'Dobó István', 'tér', '1', 47.90251, 20.37723, 'A'],
  ['Sopron Fő tér', '9400', 'Sopron', 'Fő', 'tér', '1', 47.68563, 16.59052, 'p'],
  ['Tagore sétány', '8230', 'Balatonfüred', 'Tagore', 'sétány', '1', 46.95403, 17.89203, 'A s1'],
  ['Vértes Center', '2800', 'Tatabánya', 'Győri', 'út', '7-9', 47.58502, 18.39402, 'M p s1'],
  ['Szolnok Plaza', '5000', 'Szolnok', 'Szapáry', 'út', '20', 47.17502, 20.19603, 'A s1'],
  ['Hévízi tófürdő', '8380', 'Hévíz', 'Dr. Schulhof Vilmos', 'sétány', '1', 46.79003, 17.18903, 'A p s1'],
  ['Bicske városközpont', '2060', 'Bicske', 'Kossuth', 'tér', '1', 47.49003, 18.63503, 'D'],
  ['Zamárdi Szabadstrand', '8621', 'Zamárdi', 'Petőfi Sándor', 'utca', '2', 46.88503, 17.95603, 'D p s1'],
];

export const demoLocations: readonly DemoLocation[] = rows.map((r) => {
  const features = r[8].split(' ');
  const chargers = features.find((f) => f === 'A' || f === 'D' || f === 'M') as
    | DemoLocation['chargers']
    | undefined;
  const shops = features.find((f) => f.startsWith('s'));
  return {
    name: r[0],
    zip: r[1],
    city: r[2],
    street: r[3],
    type: r[4],
    no: r[5],
    lat: r[6],
    lng: r[7],
    chargers,
    parking: features.includes('p'),
    shops: shops ? Number(shops.slice(1)) : 0,
    descHu: r[9],
    descEn: r[10],
  };
});
