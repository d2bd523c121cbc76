// Seeded generator of reviewer-assignment instances (papers with titles/abstracts, reviewers with their
// own papers and keywords, organizations and e-mails, bids, existing requests, declined pairs).
// Same seed, same instance, on every machine. Needs the built domain library (npm run build -w @symposium/domain).
import { seededRandom } from '../../libs/domain/dist/testing/seeded-random.js';

/** The domain's seeded generator (mulberry32: same seed, same sequence), with `chance(p)`. */
export function rng(seed) {
  const r = seededRandom(seed);
  return { ...r, chance: (p) => r.next() < p };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'vi',
  'so',
  'pe',
  'da',
  'qu',
  'zo',
  'fi',
  'ge',
  'hu',
  'ba',
];

/** `n` distinct made-up words of about `len` syllables (never a stopword, never stemmed). */
export function makeWords(r, n, len) {
  const out = new Set();
  while (out.size < n) {
    let w = '';
    for (let i = 0; i < len + r.int(2); i++) w += r.pick(SYLLABLES);
    out.add(w + 'x'); // never a stopword, never stemmed
  }
  return [...out];
}

/**
 * @param {{papers: number, reviewers: number, tracks: number, seed: number}} o
 * @returns an AssignmentProblem (see libs/domain/src/assignment/types.ts)
 */
export function generateInstance({ papers: nPapers, reviewers: nReviewers, tracks: nTracks, seed }) {
  const r = rng(seed);
  const general = makeWords(r, 1500, 2);
  const topicsPerTrack = 4;
  const topics = Array.from({ length: nTracks * topicsPerTrack }, () => makeWords(r, 60, 3));
  const zipf = (words) => words[Math.floor(words.length * Math.pow(r.next(), 2.2))];
  const text = (topicIds, n) => {
    const ws = [];
    for (let i = 0; i < n; i++) ws.push(r.chance(0.45) ? zipf(topics[r.pick(topicIds)]) : zipf(general));
    return ws.join(' ');
  };
  const tracks = Array.from({ length: nTracks }, (_, t) => ({ id: t + 1, name: `T${t + 1}` }));
  const areas = (t) => Array.from({ length: 6 }, (_, i) => `area ${t + 1}.${i + 1}`);
  const orgs = Array.from({ length: Math.max(20, Math.round((nPapers + nReviewers) / 12)) }, (_, i) => ({
    name: `${r.pick(['University', 'Institute', 'Univ.', 'Laboratory'])} of Place ${i}`,
    domain: `place${i}.edu`,
  }));
  const publicDomains = ['gmail.com', 'outlook.com', 'yahoo.com', 'qq.com', '163.com'];

  const people = [];
  const newPerson = (id) => {
    const org = r.pick(orgs);
    const person = {
      id,
      organization: r.chance(0.1) ? org.name.toUpperCase() : org.name,
      emails: [`p${id}@${r.chance(0.3) ? r.pick(publicDomains) : (r.chance(0.3) ? 'cs.' : '') + org.domain}`],
    };
    people.push(person);
    return person;
  };

  const reviewers = [];
  for (let i = 0; i < nReviewers; i++) {
    const id = 100000 + i;
    newPerson(id);
    const t0 = r.int(nTracks);
    const ts = r.chance(0.2) ? [t0, (t0 + 1 + r.int(nTracks - 1)) % nTracks] : [t0];
    const topicIds = ts.flatMap((t) => [
      t * topicsPerTrack + r.int(topicsPerTrack),
      t * topicsPerTrack + r.int(topicsPerTrack),
    ]);
    const own = Array.from({ length: 1 + r.int(3) }, () => text(topicIds, 90)).join('. ');
    const myAreas = ts.flatMap((t) => areas(t).filter(() => r.chance(0.4)));
    reviewers.push({
      id,
      tracks: ts.map((t) => t + 1),
      cap: r.chance(0.7) ? 10 : 4 + r.int(6),
      load: r.chance(0.2) ? 1 + r.int(3) : 0,
      subjectAreas: myAreas,
      keywords: Array.from({ length: 4 }, () => zipf(topics[r.pick(topicIds)])),
      text: own,
    });
  }

  let nextAuthor = 1;
  const paperList = [];
  const authorships = [];
  const byTrack = Array.from({ length: nTracks }, () => []);
  for (let i = 0; i < nPapers; i++) {
    const id = i + 1;
    const t = r.int(nTracks);
    const topicIds = [t * topicsPerTrack + r.int(topicsPerTrack)];
    const authorIds = [];
    for (let k = 0, n = 1 + r.int(4); k < n; k++) {
      if (r.chance(0.1)) authorIds.push(r.pick(reviewers).id);
      else if (r.chance(0.3) && nextAuthor > 1) authorIds.push(1 + r.int(nextAuthor - 1));
      else authorIds.push(newPerson(nextAuthor++).id);
    }
    const unique = [...new Set(authorIds)];
    const a = areas(t);
    paperList.push({
      id,
      track: t + 1,
      subjectAreas: [r.pick(a), r.pick(a)],
      text: text(topicIds, 10) + '. ' + text(topicIds, 130),
      authorIds: unique,
      reviewerIds: [],
    });
    authorships.push({ paperId: id, authorIds: unique });
    byTrack[t].push(i);
  }
  // papers of earlier years (co-authorship with reviewers)
  for (let i = 0; i < nPapers / 5; i++) {
    const ids = [r.pick(reviewers).id, 1 + r.int(Math.max(1, nextAuthor - 1))];
    authorships.push({ paperId: 1000000 + i, authorIds: ids });
  }

  const bids = [];
  const declaredConflicts = [];
  const declined = [];
  for (const rev of reviewers) {
    const inTracks = rev.tracks.flatMap((t) => byTrack[t - 1]);
    if (inTracks.length === 0) continue;
    for (let k = 0; k < 15; k++) {
      const p = paperList[r.pick(inTracks)];
      const x = r.next();
      bids.push({
        reviewerId: rev.id,
        paperId: p.id,
        bid: x < 0.3 ? 'eager' : x < 0.7 ? 'willing' : x < 0.95 ? 'notWilling' : 'conflict',
      });
    }
    if (r.chance(0.02))
      declaredConflicts.push({ reviewerId: rev.id, userId: r.pick(paperList).authorIds[0] });
    if (r.chance(0.05)) {
      const p = paperList[r.pick(inTracks)];
      declined.push({ reviewerId: rev.id, paperId: p.id });
    }
    // an existing request (counted in the load already)
    if (rev.load > 0 && r.chance(0.5)) {
      const p = paperList[r.pick(inTracks)];
      if (!p.authorIds.includes(rev.id) && !p.reviewerIds.includes(rev.id) && p.reviewerIds.length < 2)
        p.reviewerIds.push(rev.id);
    }
  }
  return { papers: paperList, reviewers, people, authorships, bids, declaredConflicts, declined, tracks };
}
