import { castChart } from './server/services/kundali/chart';
import { NAKSHATRAS, RASHIS } from './contracts/enums';
const c = castChart({ gender: 'male', dateOfBirth: '1947-08-15', birthHour: 12, birthMinute: 0, birthAmPm: 'AM', birthPlace: 'New Delhi, India', zodiacSign: null, rashi: null, nakshatra: null, manglik: null });
console.log(c.inputs, RASHIS[c.moon.rashi], NAKSHATRAS[c.moon.nakshatra], c.moon.pada, c.moon.longitude.toFixed(3), 'asc', c.ascendant?.toFixed(3), RASHIS[Math.floor(c.ascendant!/30)]);
console.log(Object.fromEntries(Object.entries(c.grahas!).map(([k,v])=>[k, `${RASHIS[Math.floor(v/30)]} ${(v%30).toFixed(2)}`])), c.manglik, c.sunSign);
