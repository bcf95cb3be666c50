// The routes the bench measures and the requests it sends to each: every member route of the product's hot paths
// (search in each shape, daily matches, the profile page and its Kundali card, conversations, sending, the like and
// match lists, notifications), each request from one of the signed-in members in turn and varied (other viewers,
// profiles, texts, windows) so no answer can be served from a cache.
import { OTHER_FILTERS } from './bench-data';

/** One request of a route: which member's session sends it, and what. */
export interface Shot {
  member: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface BenchMember {
  userId: number;
  username: string;
  gender: string;
  partnerId: number;
  cookie: string;
}

export interface BenchRoute {
  key: string;
  route: string;
  shots: Shot[] | (() => Promise<Shot[]>);
}

export interface RouteInputs {
  url: string;
  members: BenchMember[];
  /** profiles members open, most visited first */
  profileIds: number[];
  /** of those, the profiles whose birth details give a chart (the Kundali card needs one on each side) */
  chartProfileIds: number[];
  /** bench members (indexes) whose own profile gives a chart */
  chartMembers: number[];
  texts: string[];
  filters: string[];
}

/** Request lists: member × variant, interleaved so consecutive requests come from different sessions. */
function grid<T>(members: number[], variants: T[], make: (member: number, variant: T, n: number) => Shot, rounds = 1): Shot[] {
  const shots: Shot[] = [];
  const n = variants.length * members.length * rounds;
  for (let k = 0; k < n; k++) shots.push(make(members[k % members.length], variants[Math.floor(k / members.length) % variants.length], k));
  return shots;
}

/** Profile ids as members open them: some profiles are much more visited than others (index = n × u², u uniform). */
function skewed(ids: number[], count: number, seed = 2026): number[] {
  const out: number[] = [];
  let s = seed;
  for (let k = 0; k < count; k++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const u = s / 2 ** 32;
    out.push(ids[Math.floor(ids.length * u * u)]);
  }
  return out;
}

export function searchRoutes(input: RouteInputs): BenchRoute[] {
  const { url, members, texts, filters } = input;
  const everyone = members.map((_, i) => i);
  // Page 5: each member's first four pages of a search give the cursor (the member paging on), fetched just
  // before the run, as a member pages on within a minute.
  const pageFive = async (): Promise<Shot[]> => {
    const shots: Shot[] = [];
    for (const shot of grid(everyone, ['', ...texts.slice(0, 3)], (m, q) => ({ member: m, path: q ? `/api/search?query=${encodeURIComponent(q)}` : '/api/search?' }))) {
      let cursor: string | null = null;
      for (let page = 1; page < 5; page++) {
        const res: Response = await fetch(url + shot.path + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''), { headers: { cookie: members[shot.member].cookie, accept: 'application/json' } });
        await res.arrayBuffer();
        cursor = res.headers.get('x-next-cursor');
        if (!cursor) break;
      }
      if (cursor) shots.push({ member: shot.member, path: `${shot.path}&cursor=${encodeURIComponent(cursor)}` });
    }
    return shots;
  };
  return [
    { key: 'search', route: 'GET /api/search (best matches)', shots: grid(everyone, [''], (m) => ({ member: m, path: '/api/search' })) },
    { key: 'search-text', route: 'GET /api/search?query=…', shots: grid(everyone, texts, (m, q) => ({ member: m, path: `/api/search?query=${encodeURIComponent(q)}` })) },
    {
      key: 'search-filters',
      route: 'GET /api/search (country, age)',
      shots: [
        ...grid(everyone, filters, (m, f) => ({ member: m, path: `/api/search?${f}` })),
        ...grid(everyone, filters, (m, f) => ({ member: m, path: `/api/search?${f}&religions=Hindu,Sikh,Jain&maritalStatuses=never_married` })),
      ],
    },
    { key: 'search-other', route: 'GET /api/search (other filters)', shots: grid(everyone, OTHER_FILTERS, (m, f) => ({ member: m, path: `/api/search?${f}` })) },
    { key: 'search-guna', route: 'GET /api/search?minGuna=…', shots: grid(input.chartMembers, [18, 21, 24], (m, g) => ({ member: m, path: `/api/search?minGuna=${g}` })) },
    { key: 'search-mood', route: 'GET /api/search?matchMood=…', shots: grid(everyone, [30, 50, 70], (m, s) => ({ member: m, path: `/api/search?matchMood=true&minMoodScore=${s}` })) },
    { key: 'search-page5', route: 'GET /api/search (5th page)', shots: pageFive },
    // Sorted by a column rather than the score: the wanted gender's presorted order walked until the page is full.
    ...['newest', 'active', 'age'].map((sort) => ({ key: `search-${sort}`, route: `GET /api/search?sort=${sort}`, shots: grid(everyone, [''], (m) => ({ member: m, path: `/api/search?sort=${sort}` })) })),
    {
      key: 'search-height',
      route: 'GET /api/search?minHeightCm=…',
      shots: grid(everyone, ['minHeightCm=160&maxHeightCm=175', 'minHeightCm=170', 'maxHeightCm=165'], (m, h) => ({ member: m, path: `/api/search?${h}` })),
    },
    {
      key: 'search-distance',
      route: 'GET /api/search?near=…',
      shots: grid(everyone, ['Greater Toronto', 'Bay Area', 'Greater London', 'Dubai', 'Mumbai, IN', 'Bengaluru, India&withinKm=100'], (m, near) => ({
        member: m,
        path: `/api/search?near=${encodeURIComponent(near).replace('%26withinKm%3D', '&withinKm=')}`,
      })),
    },
  ];
}

export function memberRoutes(input: RouteInputs): BenchRoute[] {
  const { members } = input;
  const everyone = members.map((_, i) => i);
  const indexOf = new Map(members.map((m, i) => [m.userId, i]));
  const views = skewed(input.profileIds, 20_000);
  const charts = skewed(input.chartProfileIds, 20_000, 7);
  const texts = ['Are you free for a call this weekend?', 'That sounds lovely, tell me more!', 'My parents would like to speak with yours.', 'Good morning 🙂'];
  const own = (path: (m: BenchMember) => string) => everyone.map((i) => ({ member: i, path: path(members[i]) }));
  return [
    { key: 'daily', route: 'GET /api/matches/daily', shots: own(() => '/api/matches/daily') },
    { key: 'profile', route: 'GET /api/profiles/:id', shots: views.map((id, k) => ({ member: k % members.length, path: `/api/profiles/${id}` })) },
    {
      key: 'kundali',
      route: 'GET /api/compatibility/:u/:p',
      shots: charts.map((id, k) => {
        const member = input.chartMembers[k % input.chartMembers.length];
        return { member, path: `/api/compatibility/${members[member].userId}/${id}` };
      }),
    },
    { key: 'conversations', route: 'GET /api/messages/:userId', shots: own((m) => `/api/messages/${m.userId}`) },
    { key: 'thread', route: 'GET /api/messages/:u/:other', shots: own((m) => `/api/messages/${m.userId}/${m.partnerId}`) },
    {
      key: 'send',
      route: 'POST /api/messages',
      shots: grid(
        everyone,
        texts,
        (m, text, n) => ({ member: m, method: 'POST', path: '/api/messages', body: JSON.stringify({ receiverId: members[indexOf.get(members[m].partnerId) as number].userId, content: `${text} (${n})` }) }),
        4,
      ),
    },
    { key: 'likes', route: 'GET /api/profile-likes/:userId', shots: own((m) => `/api/profile-likes/${m.userId}`) },
    { key: 'liked-me', route: 'GET /api/profile-likes/:u/received', shots: own((m) => `/api/profile-likes/${m.userId}/received`) },
    { key: 'matches', route: 'GET /api/users/:userId/matches', shots: own((m) => `/api/users/${m.userId}/matches`) },
    { key: 'notifications', route: 'GET /api/notifications/:userId', shots: own((m) => `/api/notifications/${m.userId}`) },
  ];
}
