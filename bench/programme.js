// Programme benchmark (clash check and session builder), `npm run bench:programme`, fair by the method of
// bench/lib/measure.js (issue 23):
//  1. Clash check: findClashes on a seeded draft programme (3,000 papers, 9,000 people, 40 rooms, 5 days,
//     ~1,000 sessions placed at random) against a bare sort-and-sweep written here that does the same work
//     (resolve the events, group the timed sessions per person and per room, sort, sweep, one key and one
//     message per clash, the wrong-type and outside-the-day checks, the clashes sorted), in interleaved ABBA
//     rounds (median of the pair ratios and its range; CPU beside wall). Checked: both give exactly the key
//     set of an all-pairs brute force over every two sessions (exit 1 on any difference).
//  2. Session builder, 3,000 papers into 800 slots, with the default time budget (30 s): time, grouping cost
//     and placement clashes against their proven lower bounds; checked by recounting the clashes pair by
//     pair and with the clash check on the built programme; the worker thread gives the same proposal.
//  3. Session builder, 30,000 papers whose authors include a pool of 800 prolific people (clashes
//     unavoidable), 8,000 slots: one budget of 30 s (--budget) for the whole build; prints wall, CPU, the
//     clashes of the best placement, the proven lower bound and the gap; checks the placement (each slot at
//     most once, the clashes recounted by the clash check); then the same build in the worker thread,
//     cancelled after 2 s: the time from cancel to the worker's end.
//  4. Small instances (40 papers, 8 slots): the builder's placement against an exhaustive search (ratio 1).
// No assertion on time: exit 1 only when a check fails. Options: --rounds N (ABBA pairs, default 10),
// --budget S (seconds for the large builds, default 30), --skip-large.
import { parseArgs } from 'node:util';
import {
  buildSessions,
  countPlacementClashes,
  findClashes,
  EVENT_TYPE_OF_KIND,
  TIME_SLOTS,
} from '../libs/domain/dist/index.js';
import { runSessionBuilderInWorker } from '../libs/domain/dist/programme/builder-worker.js';
import { makeWords, rng } from './assignment/generate.js';
import {
  benchName,
  check,
  figure,
  finish,
  fmtMeasure,
  fmtMs,
  fmtRatio,
  interleave,
  measure,
  medianOf,
} from './lib/measure.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    budget: { type: 'string', default: '30' },
    'skip-large': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const BUDGET_MS = Number(opts.budget) * 1000;
benchName('programme');

// ---------------------------------------------------------------------------------------------------------
// The conference

function generateConference({
  papers: nPapers,
  people: nPeople,
  rooms: nRooms,
  days: nDays,
  areas: nAreas,
  prolific = 800,
  seed,
}) {
  const r = rng(seed);
  const general = makeWords(r, 800, 2);
  const topics = Array.from({ length: nAreas * 3 }, () => makeWords(r, 40, 3));
  const zipf = (words) => words[Math.floor(words.length * Math.pow(r.next(), 2.2))];
  const text = (topic, n) =>
    Array.from({ length: n }, () => (r.chance(0.45) ? zipf(topics[topic]) : zipf(general))).join(' ');
  // a few prolific people write many papers: a quarter of the author places go to 800 of the 9,000
  const pickAuthor = () => (r.chance(0.25) ? 1 + r.int(prolific) : 1 + r.int(nPeople));
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

// ---------------------------------------------------------------------------------------------------------
// The bare clash check and the brute force

const KIND_ORDER = { technical: 0, poster: 1, tutorial: 2 };
const TYPE_ORDER = { person: 0, room: 1, eventType: 2, outsideDay: 3 };
const toMin = (t) => {
  const m = /^(\d{2}):(\d{2})$/.exec(t);
  if (!m) return null;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && v <= 1440 ? v : null;
};
const dayMin = (iso) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === iso ? t / 60000 : null;
};

/** Events with their absolute minutes (null when not inside their day) and the sessions, deduplicated. */
function resolve(input) {
  const days = new Map(input.days.map((d) => [d.id, dayMin(d.isoDate)]));
  const events = new Map();
  for (const e of input.events) {
    const d = days.get(e.dayId);
    const [s, t] = [toMin(e.start), toMin(e.end)];
    const ok = d !== null && d !== undefined && s !== null && t !== null && s < 1440 && t > s;
    events.set(e.id, { ...e, from: ok ? d + s : null, to: ok ? d + t : null, ok });
  }
  const seen = new Set();
  const sessions = [];
  for (const s of input.sessions) {
    const key = `${s.kind}:${s.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const e = s.eventId === null ? null : (events.get(s.eventId) ?? null);
    sessions.push({ ...s, key, e, timed: Boolean(e?.ok), people: [...new Set(s.people.map((p) => p.id))] });
  }
  return { events, sessions };
}
const ordered = (a, b) => ((KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id) <= 0 ? [a, b] : [b, a]);

/**
 * The bare reference: the same clashes as findClashes by a plain sort-and-sweep per person and per room,
 * with one key and one message each, then sorted like the product's list.
 */
function bareClashes(input) {
  const { events, sessions } = resolve(input);
  const out = [];
  const groups = new Map();
  for (const s of sessions) {
    if (!s.timed) continue;
    for (const p of s.people) {
      const k = `person:${p}`;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(s);
    }
    if (s.roomId !== null) {
      const k = `room:${s.roomId}`;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(s);
    }
  }
  for (const [k, list] of groups) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.e.from - b.e.from || a.e.to - b.e.to);
    let active = [];
    for (const s of list) {
      active = active.filter((x) => x.e.to > s.e.from);
      for (const x of active) {
        const [a, b] = ordered(x, s);
        const type = k.startsWith('person') ? 'person' : 'room';
        out.push({
          key: `${k}|${a.key}|${b.key}`,
          type,
          by: Number(k.slice(k.indexOf(':') + 1)),
          message: `${k} is in ${a.kind} ${a.id} "${a.title}" (${a.e.start}–${a.e.end}) and ${b.kind} ${b.id} "${b.title}" (${b.e.start}–${b.e.end}), which overlap.`,
          a,
          b,
        });
      }
      active.push(s);
    }
  }
  for (const s of sessions)
    if (s.e && s.e.type !== EVENT_TYPE_OF_KIND[s.kind])
      out.push({
        key: `eventType:${s.e.id}|${s.key}`,
        type: 'eventType',
        by: s.e.id,
        message: `${s.key} in ${s.e.type}`,
        a: s,
      });
  for (const e of events.values())
    if (!e.ok)
      out.push({
        key: `outsideDay:${e.id}`,
        type: 'outsideDay',
        by: e.id,
        message: `event ${e.id} outside its day`,
      });
  const rank = (c) => [
    TYPE_ORDER[c.type],
    c.by,
    ...(c.a ? [KIND_ORDER[c.a.kind], c.a.id] : []),
    ...(c.b ? [KIND_ORDER[c.b.kind], c.b.id] : []),
  ];
  const ranks = new Map(out.map((c) => [c, rank(c)]));
  out.sort((x, y) => {
    const [a, b] = [ranks.get(x), ranks.get(y)];
    for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  });
  return out;
}

/** The independent check: every two sessions compared directly (all pairs), as a set of clash keys. */
function bruteClashKeys(input) {
  const { events, sessions } = resolve(input);
  const keys = [];
  for (let i = 0; i < sessions.length; i++) {
    const a0 = sessions[i];
    if (!a0.timed) continue;
    for (let j = i + 1; j < sessions.length; j++) {
      const b0 = sessions[j];
      if (!b0.timed || !(a0.e.from < b0.e.to && b0.e.from < a0.e.to)) continue;
      const [a, b] = ordered(a0, b0);
      for (const p of a0.people) if (b0.people.includes(p)) keys.push(`person:${p}|${a.key}|${b.key}`);
      if (a0.roomId !== null && a0.roomId === b0.roomId) keys.push(`room:${a0.roomId}|${a.key}|${b.key}`);
    }
  }
  for (const s of sessions)
    if (s.e && s.e.type !== EVENT_TYPE_OF_KIND[s.kind]) keys.push(`eventType:${s.e.id}|${s.key}`);
  for (const e of events.values()) if (!e.ok) keys.push(`outsideDay:${e.id}`);
  return keys.sort();
}

/** Whether two key lists are the same set (and the first has no duplicates); the differences as text. */
function sameKeys(actual, expected) {
  const a = [...actual].sort();
  const dup = a.filter((k, i) => i > 0 && a[i - 1] === k);
  const setA = new Set(a);
  const setE = new Set(expected);
  const missing = expected.filter((k) => !setA.has(k));
  const extra = a.filter((k) => !setE.has(k));
  const ok = !dup.length && !missing.length && !extra.length;
  return {
    ok,
    detail: ok
      ? `${a.length} clashes`
      : `${dup.length} duplicates, ${missing.length} missing (${missing.slice(0, 3).join(', ')}), ${extra.length} extra (${extra.slice(0, 3).join(', ')})`,
  };
}

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
const papersPerPerson = new Map();
for (const p of conf.papers)
  for (const a of p.people) papersPerPerson.set(a, (papersPerPerson.get(a) ?? 0) + 1);
const draft = draftProgramme(conf, 7);
const memberships = draft.sessions.reduce((s, x) => s + x.people.length, 0);
console.log(
  `== clash check: ${draft.sessions.length} sessions, ${memberships} person memberships, ${conf.rooms.length} rooms, ${conf.events.length} events`,
);
const ours = findClashes(draft);
const bare = bareClashes(draft);
const brute = bruteClashKeys(draft);
const counts = {};
for (const c of ours) counts[c.type] = (counts[c.type] ?? 0) + 1;
console.log(
  `clashes: ${ours.length} (${Object.entries(counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')})`,
);
const oursVsBrute = sameKeys(
  ours.map((c) => c.key),
  brute,
);
check('clash check = all-pairs brute force (keys as a set)', oursVsBrute.ok, oursVsBrute.detail);
const bareVsBrute = sameKeys(
  bare.map((c) => c.key),
  brute,
);
check('bare sweep = all-pairs brute force (keys as a set)', bareVsBrute.ok, bareVsBrute.detail);
check(
  'clash check and bare sweep list the clashes in the same order',
  ours.map((c) => c.key).join('\n') === bare.map((c) => c.key).join('\n'),
);
// each timed side repeats the work REPS times (one call is a few ms: above the timer's noise)
const REPS = 5;
const clashRounds = await interleave({
  rounds: ROUNDS,
  a: () =>
    measure(() => {
      for (let i = 0; i < REPS; i++) findClashes(draft);
    }),
  b: () =>
    measure(() => {
      for (let i = 0; i < REPS; i++) bareClashes(draft);
    }),
  ratio: (a, b) => a.cpu.total / b.cpu.total,
});
const [oc, bc] = [medianOf(clashRounds.a), medianOf(clashRounds.b)];
console.log(
  `per call (median of ${ROUNDS} ABBA pairs): findClashes ${fmtMs(oc.wall / REPS)} wall, ${fmtMs(oc.cpu / REPS)} CPU; ` +
    `bare sweep ${fmtMs(bc.wall / REPS)} wall, ${fmtMs(bc.cpu / REPS)} CPU; CPU ratio ${fmtRatio(clashRounds)}`,
);
figure('clash check / bare sweep (CPU, 1,000 sessions)', clashRounds.median, {
  range: [clashRounds.min, clashRounds.max],
  note: 'same clashes, messages and order; no goal set',
});

// ---------------------------------------------------------------------------------------------------------
// 2 and 3. The session builder

/** The technical events × rooms as builder slots. */
function slotsOf(c) {
  const isoOf = new Map(c.days.map((d) => [d.id, d.isoDate]));
  return c.events
    .filter((e) => e.type === 'TechnicalSession')
    .flatMap((e) =>
      c.rooms.map((room) => ({
        eventId: e.id,
        roomId: room.id,
        dayIso: isoOf.get(e.dayId),
        start: e.start,
        end: e.end,
      })),
    );
}

/**
 * Runs the builder (measured), then checks its answer: every paper in one session, each slot used at most
 * once, the clashes recounted pair by pair and by the clash check on the built programme, the bound below.
 */
async function builderRun(label, c, slots, busy, options) {
  const input = { papers: c.papers, papersPerSession: 4, slots, busy };
  const m = await measure(() => buildSessions(input, options));
  const res = m.value;
  const { clashes, lowerBound, optimal, timedOut } = res.placement;
  console.log(
    `\n== ${label}: ${c.papers.length} papers, 4 per session, ${slots.length} slots, ${busy.length} busy intervals\n` +
      `${fmtMeasure(m)}; ${res.sessions.length} sessions, ${res.unplaced} unplaced; ` +
      `grouping cost ${res.grouping.cost.toFixed(1)} vs lower bound ${res.grouping.lowerBound.toFixed(1)} (×${(res.grouping.cost / res.grouping.lowerBound).toFixed(3)}); ` +
      `placement ${clashes} clashes, lower bound ${lowerBound}, gap ${clashes - lowerBound}` +
      `${optimal ? ' (optimal)' : ''}${timedOut ? ' — stopped by the time budget' : ''}`,
  );
  const ids = res.sessions.flatMap((s) => s.paperIds).sort((a, b) => a - b);
  check(
    `${label}: every paper in exactly one session`,
    ids.length === c.papers.length && ids.every((id, i) => id === c.papers[i].id),
  );
  const used = res.sessions.filter((s) => s.slot).map((s) => `${s.slot.eventId}:${s.slot.roomId}`);
  check(`${label}: each slot used at most once`, new Set(used).size === used.length);
  const peopleOf = new Map(c.papers.map((p) => [p.id, p.people]));
  const sessions = res.sessions.map((s) => ({ people: s.paperIds.flatMap((id) => peopleOf.get(id)) }));
  const slotIndex = new Map(slots.map((s, i) => [`${s.eventId}:${s.roomId}`, i]));
  const slotOf = res.sessions.map((s) =>
    s.slot ? slotIndex.get(`${s.slot.eventId}:${s.slot.roomId}`) : null,
  );
  // the clash check on the built programme (the busy people as one-person tutorials at their times)
  const events = [...c.events.filter((e) => e.type === 'TechnicalSession')];
  const dayOf = new Map(c.days.map((d) => [d.isoDate, d.id]));
  const programme = {
    days: c.days,
    events: [
      ...events,
      ...busy.map((b, i) => ({
        id: 100000 + i,
        dayId: dayOf.get(b.dayIso),
        type: 'Tutorial',
        start: b.start,
        end: b.end,
      })),
    ],
    rooms: c.rooms,
    sessions: [
      ...res.sessions.map((s, i) => ({
        kind: 'technical',
        id: i + 1,
        title: s.title,
        eventId: s.slot?.eventId ?? null,
        roomId: s.slot?.roomId ?? null,
        people: sessions[i].people.map((p) => ({ id: p, name: '', role: 'author' })),
      })),
      ...busy.map((b, i) => ({
        kind: 'tutorial',
        id: i + 1,
        title: '',
        eventId: 100000 + i,
        roomId: null,
        people: [{ id: b.personId, name: '', role: 'presenter' }],
      })),
    ],
  };
  const found = findClashes(programme).filter(
    (x) => x.type === 'person' && !x.sessions.every((s) => s.kind === 'tutorial'),
  ).length;
  check(
    `${label}: clash check on the built programme finds the builder's ${clashes} clashes`,
    found === clashes,
    `found ${found}`,
  );
  if (sessions.length <= 1000) {
    const recount = countPlacementClashes(sessions, slots, busy, slotOf);
    check(`${label}: clashes recounted pair by pair`, recount === clashes, `recount ${recount}`);
  }
  check(`${label}: lower bound ≤ clashes`, lowerBound <= clashes);
  return { m, res, input };
}

const slots = slotsOf(conf);
const isoOf = new Map(conf.days.map((d) => [d.id, d.isoDate]));
const busy = draft.sessions
  .filter((s) => s.kind === 'tutorial')
  .map((s) => {
    const e = conf.events.find((x) => x.id === s.eventId);
    return { personId: s.people[0].id, dayIso: isoOf.get(e.dayId), start: e.start, end: e.end };
  });
const mid = await builderRun('builder 3,000 papers', conf, slots, busy, { timeBudgetMs: BUDGET_MS });
figure('builder 3,000 papers: wall', mid.m.wall / 1000, {
  unit: 's',
  goal: { op: '<=', value: (BUDGET_MS / 1000) * 1.2 },
});
figure(
  'builder 3,000 papers: placement gap (clashes − lower bound)',
  mid.res.placement.clashes - mid.res.placement.lowerBound,
  {
    note: `${mid.res.placement.clashes} clashes, bound ${mid.res.placement.lowerBound}`,
  },
);
if (!mid.res.placement.timedOut) {
  const viaWorker = await runSessionBuilderInWorker(mid.input, { timeBudgetMs: BUDGET_MS }).result;
  check(
    'builder 3,000 papers: the worker thread gives the same proposal',
    JSON.stringify(viaWorker) === JSON.stringify(mid.res),
  );
}

if (!opts['skip-large']) {
  // 30,000 papers; a quarter of the author places go to a pool of 800 prolific people (about 23 papers
  // each: clashes cannot be avoided), the rest to 90,000 others; 5 days × 4 technical slots × 400 rooms
  const big = generateConference({
    papers: 30000,
    people: 90000,
    prolific: 800,
    rooms: 400,
    days: 5,
    areas: 25,
    seed: 20270630,
  });
  const bigSlots = slotsOf(big);
  const large = await builderRun('builder 30,000 papers / 800 prolific authors', big, bigSlots, [], {
    timeBudgetMs: BUDGET_MS,
  });
  const p = large.res.placement;
  figure('builder 30,000 papers: wall (budget ' + BUDGET_MS / 1000 + ' s)', large.m.wall / 1000, {
    unit: 's',
    goal: { op: '<=', value: (BUDGET_MS / 1000) * 1.2 },
    cpu: large.m.cpu.total / 1000,
  });
  figure('builder 30,000 papers: placement gap', p.clashes - p.lowerBound, {
    note: `${p.clashes} clashes, proven lower bound ${p.lowerBound} (${((100 * (p.clashes - p.lowerBound)) / Math.max(1, p.lowerBound)).toFixed(1)} % above)${p.timedOut ? ', stopped by the budget' : ''}`,
  });
  // cancel: the same build in a worker, cancelled after 2 s
  const controller = new AbortController();
  const job = runSessionBuilderInWorker(
    large.input,
    { timeBudgetMs: BUDGET_MS },
    { signal: controller.signal },
  );
  await new Promise((r) => setTimeout(r, 2000));
  const t0 = performance.now();
  controller.abort();
  const outcome = await job.result.then(
    () => 'finished',
    (e) => (e.name === 'AbortError' ? 'cancelled' : String(e)),
  );
  const cancelMs = performance.now() - t0;
  check('builder 30,000 papers: cancel stops the worker', outcome === 'cancelled', outcome);
  figure('builder 30,000 papers: cancel to stop', cancelMs, { unit: 'ms' });
}

// ---------------------------------------------------------------------------------------------------------
// 4. Small instances: the builder's placement against an exhaustive search over all assignments

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
  check(
    `small instance ${k + 1}: builder = exhaustive optimum`,
    ratio === 1,
    `${out.personClashes} vs ${ref.best}`,
  );
  rows.push({ k, events, roomsPer, out, ms, ref, refMs, ratio });
  console.log(
    `instance ${k + 1} (${events} events × ${roomsPer} rooms${smallBusy.length ? ', 1 busy' : ''}): builder ${out.personClashes} clashes ` +
      `(lower bound ${out.placement.lowerBound}, ${out.placement.optimal ? 'proved optimal' : 'not proved'}) in ${fmtMs(ms)}; ` +
      `exhaustive ${ref.best} over ${ref.visited} assignments in ${fmtMs(refMs)}; ratio ${ratio.toFixed(2)}`,
  );
}

figure('small instances: builder / exhaustive optimum (worst)', Math.max(...rows.map((x) => x.ratio)), {
  goal: { op: '<=', value: 1 },
});
finish();
