// Programme benchmark (clash check and session builder), `npm run bench:programme`:
// generates a conference with a fixed seed (3,000 accepted papers, 9,000 people with 1–6 authors per paper
// and some people on several papers, 40 rooms, 5 days of §9 time slots, ~1,000 sessions placed at random as
// a draft), then prints
//  - the clash check's time (CPU from process.cpuUsage and wall, best of --rounds) against a bare sort of the
//    same intervals (every person's and room's session intervals sorted by start), and its clash counts;
//  - the session builder on all 3,000 papers (800 slots): time, grouping cost against its lower bound,
//    placement clashes against its lower bound, checked by the clash check on the built programme, and the
//    same input through the worker thread;
//  - the builder's placement on small instances (40 papers, 8 slots) against an exhaustive search over
//    every assignment of sessions to slots (ratio: should be 1.00).
// Not part of `npm test`; no assertion on time (exit 1 only when a check or the exhaustive ratio fails).
import { parseArgs } from 'node:util';
import { buildSessions, countPlacementClashes, findClashes, TIME_SLOTS } from '../libs/domain/dist/index.js';
import { runSessionBuilderInWorker } from '../libs/domain/dist/programme/builder-worker.js';
import { makeWords, rng } from './assignment/generate.js';

const { values: opts } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const ROUNDS = Number(opts.rounds);
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
let failed = false;

/**
 * Wall and CPU time of fn, best of `rounds` (after as many untimed warm-up runs when rounds > 1). CPU is
 * process.cpuUsage (user + system, all threads of the process: it includes the parallel garbage collector).
 */
function timed(fn, rounds = ROUNDS) {
  if (rounds > 1) for (let i = 0; i < rounds; i++) fn();
  let wall = Infinity;
  let cpu = Infinity;
  let value;
  for (let i = 0; i < rounds; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    value = fn();
    wall = Math.min(wall, performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1000);
  }
  return { wall, cpu, value };
}

// ---------------------------------------------------------------------------------------------------------
// The conference

function generateConference({
  papers: nPapers,
  people: nPeople,
  rooms: nRooms,
  days: nDays,
  areas: nAreas,
  seed,
}) {
  const r = rng(seed);
  const general = makeWords(r, 800, 2);
  const topics = Array.from({ length: nAreas * 3 }, () => makeWords(r, 40, 3));
  const zipf = (words) => words[Math.floor(words.length * Math.pow(r.next(), 2.2))];
  const text = (topic, n) =>
    Array.from({ length: n }, () => (r.chance(0.45) ? zipf(topics[topic]) : zipf(general))).join(' ');
  // a few prolific people write many papers: a quarter of the author places go to 800 of the 9,000
  const pickAuthor = () => (r.chance(0.25) ? 1 + r.int(800) : 1 + r.int(nPeople));
  const papers = Array.from({ length: nPapers }, (_, i) => {
    const area = r.int(nAreas);
    const topic = area * 3 + r.int(3);
    const authors = new Set();
    const n = 1 + Math.min(5, Math.floor(-Math.log(1 - r.next()) * 2.2)); // 1–6, mostly 2–4
    while (authors.size < n) authors.add(pickAuthor());
    return {
      id: i + 1,
      subjectArea: r.chance(0.05) ? null : `Area ${String(area + 1).padStart(2, '0')}`,
      text: `${text(topic, 10)}. ${text(topic, 120)}`,
      people: [...authors],
    };
  });
  const days = Array.from({ length: nDays }, (_, d) => ({ id: d + 1, isoDate: `2027-06-0${d + 1}` }));
  const rooms = Array.from({ length: nRooms }, (_, i) => ({ id: i + 1, name: `Room ${i + 1}` }));
  // §9 slots: technical sessions 08:00, 10:30, 13:30, 16:00; coffee 10:00; posters 15:30; tutorials 19:00
  const events = [];
  for (const day of days) {
    for (const t of TIME_SLOTS) {
      const type = t.start === '10:00' ? 'Other' : t.start === '15:30' ? 'PosterSession' : 'TechnicalSession';
      events.push({ id: events.length + 1, dayId: day.id, type, start: t.start, end: t.end });
    }
    events.push({ id: events.length + 1, dayId: day.id, type: 'Tutorial', start: '19:00', end: '22:00' });
  }
  return { papers, days, rooms, events, nPeople };
}

/** A draft programme of ~1,000 sessions placed at random (so it has clashes): technical, poster, tutorial. */
function draftProgramme(conf, seed) {
  const r = rng(seed);
  const of = (type) => conf.events.filter((e) => e.type === type);
  const name = (id) => `Person ${id}`;
  const sessions = [];
  let next = 0;
  const papers = conf.papers;
  const authorsOf = (p) => p.people.map((id) => ({ id, name: name(id), role: 'author' }));
  // 600 technical sessions of 4 papers with one or two chairs
  for (let s = 1; s <= 600; s++) {
    const ps = papers.slice(next, next + 4);
    next += 4;
    const chairs = Array.from({ length: 1 + r.int(2) }, () => 1 + r.int(conf.nPeople));
    sessions.push({
      kind: 'technical',
      id: s,
      title: `Technical ${s}`,
      eventId: r.chance(0.97) ? r.pick(of('TechnicalSession')).id : null,
      roomId: r.pick(conf.rooms).id,
      people: [...ps.flatMap(authorsOf), ...chairs.map((id) => ({ id, name: name(id), role: 'chair' }))],
    });
  }
  // 300 poster sessions (one paper each), a few linked to the wrong event type
  for (let s = 1; s <= 300; s++) {
    const p = papers[next++];
    sessions.push({
      kind: 'poster',
      id: s,
      title: '',
      eventId: r.chance(0.02) ? r.pick(of('TechnicalSession')).id : r.pick(of('PosterSession')).id,
      roomId: r.pick(conf.rooms).id,
      people: authorsOf(p),
    });
  }
  // 100 tutorials with a presenter
  for (let s = 1; s <= 100; s++) {
    const presenter = 1 + r.int(conf.nPeople);
    sessions.push({
      kind: 'tutorial',
      id: s,
      title: `Tutorial ${s}`,
      eventId: r.pick(of('Tutorial')).id,
      roomId: r.pick(conf.rooms).id,
      people: [{ id: presenter, name: name(presenter), role: 'presenter' }],
    });
  }
  // one event typed in wrong (ends before it starts)
  const events = conf.events.map((e, i) => (i === 3 ? { ...e, start: '16:00', end: '15:00' } : e));
  return { days: conf.days, events, rooms: conf.rooms, sessions };
}

/** The bare reference: the same intervals (each person's and room's sessions) sorted by key and start. */
function bareSort(input) {
  const events = new Map(input.events.map((e) => [e.id, e]));
  const dayIndex = new Map(input.days.map((d, i) => [d.id, i]));
  const toMin = (t) => (t === '24:00' ? 1440 : Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
  const items = [];
  for (const s of input.sessions) {
    const e = s.eventId === null ? undefined : events.get(s.eventId);
    if (!e) continue;
    const from = dayIndex.get(e.dayId) * 1440 + toMin(e.start);
    const to = dayIndex.get(e.dayId) * 1440 + toMin(e.end);
    for (const p of s.people) items.push({ key: p.id, from, to });
    if (s.roomId !== null) items.push({ key: -s.roomId, from, to });
  }
  items.sort((a, b) => a.key - b.key || a.from - b.from || a.to - b.to);
  return items.length;
}

// ---------------------------------------------------------------------------------------------------------
// 1. Clash check

const conf = generateConference({
  papers: 3000,
  people: 9000,
  rooms: 40,
  days: 5,
  areas: 25,
  seed: 20270601,
});
const authorsPerPaper = conf.papers.reduce((s, p) => s + p.people.length, 0) / conf.papers.length;
const papersPerPerson = new Map();
for (const p of conf.papers)
  for (const a of p.people) papersPerPerson.set(a, (papersPerPerson.get(a) ?? 0) + 1);
const multi = [...papersPerPerson.values()].filter((n) => n > 1).length;
console.log(
  `conference: ${conf.papers.length} papers, ${papersPerPerson.size} distinct authors of 9,000 people ` +
    `(${authorsPerPaper.toFixed(2)} per paper, ${multi} on several papers, up to ${Math.max(...papersPerPerson.values())}), ` +
    `${conf.rooms.length} rooms, ${conf.days.length} days, ${conf.events.length} events`,
);

const draft = draftProgramme(conf, 7);
const memberships = draft.sessions.reduce((s, x) => s + x.people.length, 0);
const check = timed(() => findClashes(draft));
const bare = timed(() => bareSort(draft));
const counts = {};
for (const c of check.value) counts[c.type] = (counts[c.type] ?? 0) + 1;
console.log(`\n== clash check: ${draft.sessions.length} sessions, ${memberships} person memberships`);
console.log(
  `clashes: ${check.value.length} (${Object.entries(counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')})`,
);
console.log(
  `time (best of ${ROUNDS}, after ${ROUNDS} warm-up runs): findClashes wall ${fmt(check.wall)}, CPU ${fmt(check.cpu)}; ` +
    `bare sort of the same ${bare.value} intervals wall ${fmt(bare.wall)}, CPU ${fmt(bare.cpu)}; ` +
    `ratio wall ${(check.wall / bare.wall).toFixed(2)}, CPU ${(check.cpu / Math.max(bare.cpu, 0.001)).toFixed(2)}`,
);

// ---------------------------------------------------------------------------------------------------------
// 2. Session builder on the whole conference: 3,000 papers into sessions of 4, 20 technical events × 40 rooms

const technical = conf.events.filter((e) => e.type === 'TechnicalSession');
const isoOf = new Map(conf.days.map((d) => [d.id, d.isoDate]));
const slots = technical.flatMap((e) =>
  conf.rooms.map((room) => ({
    eventId: e.id,
    roomId: room.id,
    dayIso: isoOf.get(e.dayId),
    start: e.start,
    end: e.end,
  })),
);
// people already busy: the tutorial presenters of the draft
const busy = draft.sessions
  .filter((s) => s.kind === 'tutorial')
  .map((s) => {
    const e = conf.events.find((x) => x.id === s.eventId);
    return { personId: s.people[0].id, dayIso: isoOf.get(e.dayId), start: e.start, end: e.end };
  });
const input = { papers: conf.papers, papersPerSession: 4, slots, busy };
const built = timed(() => buildSessions(input), 1);
const res = built.value;
console.log(
  `\n== session builder: ${conf.papers.length} papers, 4 per session, ${slots.length} slots (${technical.length} events × ${conf.rooms.length} rooms), ${busy.length} busy intervals`,
);
console.log(
  `time: wall ${fmt(built.wall)}, CPU ${fmt(built.cpu)}; ${res.sessions.length} sessions ` +
    `(sizes ${[...new Set(res.sessions.map((s) => s.paperIds.length))].sort().join('/')}), ${res.unplaced} unplaced`,
);
console.log(
  `grouping (within-session sum of squares): cost ${res.grouping.cost.toFixed(2)}, lower bound ${res.grouping.lowerBound.toFixed(2)}, ` +
    `ratio ${(res.grouping.cost / res.grouping.lowerBound).toFixed(3)}`,
);
console.log(
  `placement: ${res.placement.clashes} person clashes, lower bound ${res.placement.lowerBound}` +
    `${res.placement.optimal ? ' (optimal)' : `, gap ${res.placement.clashes - res.placement.lowerBound}`}`,
);
// the clash check on the built programme (built sessions + one existing session per busy interval)
const builtProgramme = {
  days: conf.days,
  events: [
    ...technical,
    ...busy.map((b, i) => ({
      id: 10000 + i,
      dayId: conf.days.find((d) => d.isoDate === b.dayIso).id,
      type: 'Tutorial',
      start: b.start,
      end: b.end,
    })),
  ],
  rooms: conf.rooms,
  sessions: [
    ...res.sessions.map((s, i) => ({
      kind: 'technical',
      id: i + 1,
      title: s.title,
      eventId: s.slot?.eventId ?? null,
      roomId: s.slot?.roomId ?? null,
      people: s.paperIds.flatMap((id) =>
        conf.papers[id - 1].people.map((p) => ({ id: p, name: '', role: 'author' })),
      ),
    })),
    ...busy.map((b, i) => ({
      kind: 'tutorial',
      id: i + 1,
      title: '',
      eventId: 10000 + i,
      roomId: null,
      people: [{ id: b.personId, name: '', role: 'presenter' }],
    })),
  ],
};
const builtClashes = findClashes(builtProgramme);
const confirmed = builtClashes.filter((c) => c.type === 'person').length;
const busyPairs = builtClashes.filter(
  (c) => c.type === 'person' && c.sessions.every((s) => s.kind === 'tutorial'),
).length;
const ok = confirmed - busyPairs === res.personClashes;
if (!ok) failed = true;
console.log(
  `clash check on the built programme: ${confirmed - busyPairs} person clashes` +
    `${busyPairs ? ` (+${busyPairs} between existing tutorials)` : ''} → ${ok ? 'EQUAL' : 'DIFFERENT'} to the builder's count`,
);
console.log(
  `titles, e.g.: ${res.sessions
    .slice(0, 3)
    .map((s) => JSON.stringify(s.title))
    .join(', ')}, …, ${JSON.stringify(res.sessions.at(-1).title)}`,
);

// the same builder where slots are scarce: the 640 papers of the most prolific authors (~160 sessions) in
// one day of 4 events × 40 rooms, so that people with five or more sessions must clash
const dayOne = slots.filter((s) => s.dayIso === '2027-06-01');
const prolific = (p) => Math.max(...p.people.map((a) => papersPerPerson.get(a)));
const scarcePapers = [...conf.papers].sort((a, b) => prolific(b) - prolific(a) || a.id - b.id).slice(0, 640);
const scarceInput = { papers: scarcePapers, papersPerSession: 4, slots: dayOne, busy: [] };
const scarce = timed(() => buildSessions(scarceInput), 1);
const sr = scarce.value;
const scarceSessions = sr.sessions.map((x) => ({
  people: x.paperIds.flatMap((id) => conf.papers[id - 1].people),
}));
const scarceSlotOf = sr.sessions.map((x) =>
  x.slot ? dayOne.findIndex((y) => y.eventId === x.slot.eventId && y.roomId === x.slot.roomId) : null,
);
const recount = countPlacementClashes(scarceSessions, dayOne, [], scarceSlotOf);
if (recount !== sr.personClashes) failed = true;
console.log(
  `scarce slots (640 papers of the most prolific authors, ${dayOne.length} slots in 4 time slots of one day): wall ${fmt(scarce.wall)}, CPU ${fmt(scarce.cpu)}; ` +
    `${sr.sessions.length} sessions, ${sr.unplaced} unplaced; ${sr.personClashes} person clashes ` +
    `(recounted pair by pair: ${recount}), lower bound ${sr.placement.lowerBound}, ` +
    `ratio ${(sr.personClashes / Math.max(1, sr.placement.lowerBound)).toFixed(2)}${sr.placement.optimal ? ' (optimal)' : ''}`,
);

let messages = 0;
const t0 = performance.now();
const viaWorker = await runSessionBuilderInWorker(input, {}, { onProgress: () => messages++ }).result;
const workerMs = performance.now() - t0;
const same = JSON.stringify(viaWorker) === JSON.stringify(res);
if (!same) failed = true;
console.log(
  `worker thread, end to end: ${fmt(workerMs)}, ${messages} progress messages, result ${same ? 'identical to the direct run' : 'DIFFERENT from the direct run'}`,
);

// ---------------------------------------------------------------------------------------------------------
// 3. Small instances: the builder's placement against an exhaustive search over all assignments

/**
 * The least clashes over every assignment of the sessions to distinct slots, placing min(sessions, slots)
 * of them (the others left out).
 */
function exhaustive(sessions, slots, busy) {
  const m = sessions.length;
  const leaveOut = Math.max(0, m - slots.length);
  const slotOf = new Array(m).fill(null);
  const used = new Array(slots.length).fill(false);
  let best = Infinity;
  let visited = 0;
  const go = (s, out) => {
    if (s === m) {
      visited++;
      best = Math.min(best, countPlacementClashes(sessions, slots, busy, slotOf));
      return;
    }
    if (out < leaveOut) {
      slotOf[s] = null;
      go(s + 1, out + 1);
    }
    for (let i = 0; i < slots.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      slotOf[s] = i;
      go(s + 1, out);
      used[i] = false;
    }
  };
  go(0, 0);
  return { best, visited };
}

console.log(
  '\n== small instances: 40 papers in 4 areas, 5 per session (8 sessions), 8 slots (2 events × 4 rooms, or 4 × 2), exhaustive reference',
);
const rows = [];
for (let k = 0; k < 6; k++) {
  const r = rng(900 + k);
  const small = Array.from({ length: 40 }, (_, i) => {
    const authors = new Set();
    for (let n = 1 + r.int(3); authors.size < n;) authors.add(1 + r.int(30));
    return { id: i + 1, subjectArea: `Area ${1 + (i % 4)}`, text: conf.papers[i].text, people: [...authors] };
  });
  const [events, roomsPer] = k % 2 ? [4, 2] : [2, 4];
  const smallSlots = [];
  for (let e = 0; e < events; e++)
    for (let room = 0; room < roomsPer; room++)
      smallSlots.push({
        eventId: e + 1,
        roomId: room + 1,
        dayIso: '2027-06-01',
        ...TIME_SLOTS[[0, 2, 3, 5][e]],
      });
  const smallBusy = k >= 4 ? [{ personId: 1, dayIso: '2027-06-01', start: '08:00', end: '12:30' }] : [];
  const t = performance.now();
  const out = buildSessions({ papers: small, papersPerSession: 5, slots: smallSlots, busy: smallBusy });
  const ms = performance.now() - t;
  const sessionsPeople = out.sessions.map((s) => ({
    people: s.paperIds.flatMap((id) => small[id - 1].people),
  }));
  const te = performance.now();
  const ref = exhaustive(sessionsPeople, smallSlots, smallBusy);
  const refMs = performance.now() - te;
  const ratio = ref.best === 0 ? (out.personClashes === 0 ? 1 : Infinity) : out.personClashes / ref.best;
  if (ratio !== 1) failed = true;
  rows.push({ k, events, roomsPer, out, ms, ref, refMs, ratio });
  console.log(
    `instance ${k + 1} (${events} events × ${roomsPer} rooms${smallBusy.length ? ', 1 busy' : ''}): builder ${out.personClashes} clashes ` +
      `(lower bound ${out.placement.lowerBound}, ${out.placement.optimal ? 'proved optimal' : 'not proved'}) in ${fmt(ms)}; ` +
      `exhaustive ${ref.best} over ${ref.visited} assignments in ${fmt(refMs)}; ratio ${ratio.toFixed(2)}`,
  );
}

console.log('\n| figure | value |');
console.log('|---|---|');
console.log(`| clash check (1,000 sessions) wall / CPU | ${fmt(check.wall)} / ${fmt(check.cpu)} |`);
console.log(`| bare sort of the same intervals wall / CPU | ${fmt(bare.wall)} / ${fmt(bare.cpu)} |`);
console.log(`| ratio clash check / bare sort (wall) | ${(check.wall / bare.wall).toFixed(2)} |`);
console.log(`| builder (3,000 papers, 800 slots) wall / CPU | ${fmt(built.wall)} / ${fmt(built.cpu)} |`);
console.log(
  `| grouping cost / lower bound | ${res.grouping.cost.toFixed(2)} / ${res.grouping.lowerBound.toFixed(2)} = ${(res.grouping.cost / res.grouping.lowerBound).toFixed(3)} |`,
);
console.log(`| placement clashes / lower bound | ${res.placement.clashes} / ${res.placement.lowerBound} |`);
console.log(
  `| scarce slots: builder wall / CPU; clashes / lower bound | ${fmt(scarce.wall)} / ${fmt(scarce.cpu)}; ${sr.personClashes} / ${sr.placement.lowerBound} |`,
);
console.log(`| small instances, builder / exhaustive | ${rows.map((x) => x.ratio.toFixed(2)).join(', ')} |`);
if (failed) {
  console.error('\nFAILED: a check above differs');
  process.exit(1);
}
