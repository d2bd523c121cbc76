/**
 * Conflicts of interest between a reviewer and a paper, each carrying its evidence (the normalizations
 * are the ones of reviews.ts, so manual and automatic assignment agree):
 * same organization (normalized), same e-mail domain (public mail providers ignored),
 * co-authorship on any paper in the system, and conflicts declared by the reviewer (incl. a 'conflict' bid).
 */
import { institutionDomain } from '../mail-domains.js';
import { normalizeOrganization } from '../reviews.js';
import type { AssignmentId, AssignmentProblem, ConflictEvidence, PairConflict } from './types.js';

const key = (id: AssignmentId) => `${typeof id}:${id}`;

/**
 * Precomputed facts to test many (reviewer, paper) pairs quickly: people are interned to integers,
 * organizations and domains to integer ids; `paperScreen` gathers once per paper what any reviewer is
 * checked against.
 */
export class ConflictDetector {
  private readonly index = new Map<string, number>();
  /** The same for numeric ids, without building a key string (numbers and strings stay distinct). */
  private readonly numericIndex = new Map<number, number>();
  private readonly ids: AssignmentId[] = [];
  private readonly orgNames: (string | undefined)[] = [];
  private readonly orgOf: number[] = [];
  private readonly domainsOf: number[][] = [];
  private readonly domainNames: string[] = [];
  private readonly orgMembers: number[][] = [];
  private readonly domainMembers: number[][] = [];
  /** person → co-author → a paper they share */
  private readonly coauthors = new Map<number, Map<number, AssignmentId>>();
  /** paper key → reviewer → reason */
  private readonly declaredPapers = new Map<string, Map<number, string>>();
  /** author → reviewer → reason */
  private readonly declaredPeople = new Map<number, Map<number, string>>();
  /** paper key → reviewers whose conflict with it a chair overrode */
  private readonly overridden = new Map<string, Set<number>>();

  constructor(problem: AssignmentProblem) {
    for (const o of problem.conflictOverrides ?? []) {
      const pk = key(o.paperId);
      let s = this.overridden.get(pk);
      if (!s) this.overridden.set(pk, (s = new Set()));
      s.add(this.person(o.reviewerId));
    }
    const orgIds = new Map<string, number>();
    const domainIds = new Map<string, number>();
    // people share organizations and mail hosts: normalize each distinct one once
    const normalized = new Map<string, string>();
    const organizationOf = (name: string) => {
      let o = normalized.get(name);
      if (o === undefined) normalized.set(name, (o = normalizeOrganization(name)));
      return o;
    };
    const hostDomains = new Map<string, string | null>();
    const domainOf = (email: string) => {
      const at = email.lastIndexOf('@');
      if (at < 0) return null; // institutionDomain depends on the part after the last '@' only
      const host = email.slice(at + 1);
      let d = hostDomains.get(host);
      if (d === undefined) hostDomains.set(host, (d = institutionDomain(email)));
      return d;
    };
    for (const p of problem.people ?? []) {
      const i = this.person(p.id);
      const o = p.organization ? organizationOf(p.organization) : '';
      if (o) {
        let oi = orgIds.get(o);
        if (oi === undefined) orgIds.set(o, (oi = orgIds.size));
        this.orgOf[i] = oi;
        (this.orgMembers[oi] ??= []).push(i);
        this.orgNames[i] = p.organization;
      }
      const ds: number[] = [];
      for (const e of p.emails ?? []) {
        const d = domainOf(e);
        if (!d) continue;
        let di = domainIds.get(d);
        if (di === undefined) {
          domainIds.set(d, (di = domainIds.size));
          this.domainNames.push(d);
        }
        if (!ds.includes(di)) {
          ds.push(di);
          (this.domainMembers[di] ??= []).push(i);
        }
      }
      this.domainsOf[i] = ds;
    }
    const seen = new Set<string>();
    const addAuthorship = (paperId: AssignmentId, authorIds: AssignmentId[]) => {
      const pk = key(paperId);
      if (seen.has(pk)) return;
      seen.add(pk);
      const people = authorIds.map((a) => this.person(a));
      for (const a of people)
        for (const b of people) {
          if (a === b) continue;
          let m = this.coauthors.get(a);
          if (!m) this.coauthors.set(a, (m = new Map()));
          if (!m.has(b)) m.set(b, paperId);
        }
    };
    for (const a of problem.authorships ?? []) addAuthorship(a.paperId, a.authorIds);
    for (const p of problem.papers) addAuthorship(p.id, p.authorIds);
    const declare = <K>(
      target: Map<K, Map<number, string>>,
      k: K,
      reviewerId: AssignmentId,
      reason: string,
    ) => {
      let m = target.get(k);
      if (!m) target.set(k, (m = new Map()));
      const r = this.person(reviewerId);
      if (!m.has(r)) m.set(r, reason);
    };
    for (const d of problem.declaredConflicts ?? []) {
      const reason = d.reason ? `declared by the reviewer: ${d.reason}` : 'declared by the reviewer';
      if (d.paperId !== undefined) declare(this.declaredPapers, key(d.paperId), d.reviewerId, reason);
      if (d.userId !== undefined) declare(this.declaredPeople, this.person(d.userId), d.reviewerId, reason);
    }
    for (const b of problem.bids ?? [])
      if (b.bid === 'conflict')
        declare(
          this.declaredPapers,
          key(b.paperId),
          b.reviewerId,
          "declared by the reviewer (bid 'conflict')",
        );
  }

  /** Interned index of a user id. */
  person(id: AssignmentId): number {
    const numeric = typeof id === 'number';
    let i = numeric ? this.numericIndex.get(id) : this.index.get(key(id));
    if (i === undefined) {
      i = this.ids.length;
      if (numeric) this.numericIndex.set(id, i);
      else this.index.set(key(id), i);
      this.ids.push(id);
      this.orgOf.push(-1);
      this.orgNames.push(undefined);
      this.domainsOf.push([]);
    }
    return i;
  }

  /** People interned so far (indices are 0 .. size-1). */
  size(): number {
    return this.ids.length;
  }

  /** Per person, the screen that last listed them as blocked / as a suspect (deduplicates without Sets). */
  private blockStamp = new Int32Array(0);
  private suspectStamp = new Int32Array(0);
  private screens = 0;
  /** Per person, the keys of coauthors and declaredPeople as arrays (made at the first screen). */
  private coauthorList: (number[] | undefined)[] | undefined;
  private declaredList: (number[] | undefined)[] | undefined;

  private lists(): { co: (number[] | undefined)[]; declared: (number[] | undefined)[] } {
    // coauthors and declaredPeople are complete after the constructor: people interned later have none
    if (!this.coauthorList || !this.declaredList) {
      const co: (number[] | undefined)[] = new Array(this.ids.length);
      for (const [a, m] of this.coauthors) co[a] = [...m.keys()];
      const declared: (number[] | undefined)[] = new Array(this.ids.length);
      for (const [a, m] of this.declaredPeople) declared[a] = [...m.keys()];
      this.coauthorList = co;
      this.declaredList = declared;
    }
    if (this.suspectStamp.length < this.ids.length) {
      const size = Math.max(1024, this.ids.length * 2);
      const grown = (a: Int32Array) => {
        const more = new Int32Array(size);
        more.set(a);
        return more;
      };
      this.blockStamp = grown(this.blockStamp);
      this.suspectStamp = grown(this.suspectStamp);
    }
    return { co: this.coauthorList, declared: this.declaredList };
  }

  /** What every reviewer of this paper is checked against. */
  paperScreen(paper: { id: AssignmentId; authorIds: AssignmentId[] }): PaperScreen {
    const authors = paper.authorIds.map((a) => this.person(a));
    const { co, declared } = this.lists();
    const orgs: number[] = [];
    const domains: number[] = [];
    for (let i = 0; i < authors.length; i++) {
      const a = authors[i];
      if (this.orgOf[a] >= 0) orgs.push(this.orgOf[a]);
      const ds = this.domainsOf[a];
      for (let k = 0; k < ds.length; k++) domains.push(ds[k]);
    }
    const paperKey = key(paper.id);
    // the blocked (co-authors, declared conflicts), each once, in order; everyone who may conflict, each
    // once: the blocked, then the authors' organizations' and domains' members
    const now = ++this.screens;
    const blockStamp = this.blockStamp;
    const suspectStamp = this.suspectStamp;
    const blocked: number[] = [];
    const suspects: number[] = [];
    const suspect = (m: number) => {
      if (suspectStamp[m] !== now) {
        suspectStamp[m] = now;
        suspects.push(m);
      }
    };
    const block = (list: number[] | undefined) => {
      if (!list) return;
      for (let k = 0; k < list.length; k++) {
        const b = list[k];
        if (blockStamp[b] === now) continue;
        blockStamp[b] = now;
        blocked.push(b);
        suspect(b);
      }
    };
    for (let i = 0; i < authors.length; i++) {
      block(co[authors[i]]);
      block(declared[authors[i]]);
    }
    const declaredPaper = this.declaredPapers.get(paperKey);
    if (declaredPaper) block([...declaredPaper.keys()]);
    for (let i = 0; i < orgs.length; i++) {
      const members = this.orgMembers[orgs[i]];
      for (let k = 0; k < members.length; k++) suspect(members[k]);
    }
    for (let i = 0; i < domains.length; i++) {
      const members = this.domainMembers[domains[i]];
      for (let k = 0; k < members.length; k++) suspect(members[k]);
    }
    const overridden = this.overridden.get(paperKey);
    return { paper, authors, orgs, domains, blocked, suspects, overridden };
  }

  /** Fast test (no evidence built) for the reviewer's interned index; the caller excludes the authors. */
  conflicts(screen: PaperScreen, reviewer: number): boolean {
    if (screen.overridden?.has(reviewer)) return false;
    if (screen.blocked.includes(reviewer)) return true;
    const o = this.orgOf[reviewer];
    if (
      o >= 0 &&
      screen.orgs.includes(o) &&
      screen.authors.some((a) => a !== reviewer && this.orgOf[a] === o)
    )
      return true;
    const ds = this.domainsOf[reviewer];
    if (ds.length && screen.domains.length)
      for (const a of screen.authors)
        if (a !== reviewer && this.domainsOf[a].some((d) => ds.includes(d))) return true;
    return false;
  }

  /** Every piece of evidence of a conflict between the reviewer and the paper (empty: none). */
  evidence(
    reviewerId: AssignmentId,
    paper: { id: AssignmentId; authorIds: AssignmentId[] },
  ): ConflictEvidence[] {
    return this.evidenceFor(this.paperScreen(paper), this.person(reviewerId));
  }

  evidenceFor(screen: PaperScreen, r: number): ConflictEvidence[] {
    if (screen.overridden?.has(r)) return [];
    const out: ConflictEvidence[] = [];
    const declaredPaper = this.declaredPapers.get(key(screen.paper.id))?.get(r);
    if (declaredPaper) out.push({ kind: 'declared', detail: declaredPaper });
    const rOrg = this.orgOf[r];
    const rDomains = this.domainsOf[r];
    const rCo = this.coauthors.get(r);
    for (const a of screen.authors) {
      if (a === r) continue; // authorship is a separate hard constraint
      const authorId = this.ids[a];
      const who = `author #${authorId}`;
      if (rOrg >= 0 && this.orgOf[a] === rOrg)
        out.push({
          kind: 'organization',
          detail: `same organization: ${this.orgNames[a]} (${who})`,
          authorId,
        });
      const d = rDomains.find((x) => this.domainsOf[a].includes(x));
      if (d !== undefined)
        out.push({
          kind: 'emailDomain',
          detail: `same e-mail domain: ${this.domainNames[d]} (${who})`,
          authorId,
        });
      const shared = rCo?.get(a);
      if (shared !== undefined)
        out.push({ kind: 'coauthorship', detail: `co-authors of paper #${shared} (${who})`, authorId });
      const declaredPerson = this.declaredPeople.get(a)?.get(r);
      if (declaredPerson) out.push({ kind: 'declared', detail: `${declaredPerson} (${who})`, authorId });
    }
    return out;
  }
}

export interface PaperScreen {
  paper: { id: AssignmentId; authorIds: AssignmentId[] };
  authors: number[];
  orgs: number[];
  domains: number[];
  /** Co-authors and declared conflicts of the paper's authors or of the paper. */
  blocked: number[];
  /** Everyone who may conflict (a superset: co-authors, declarations, same organization or domain). */
  suspects: number[];
  /** Reviewers whose conflict with this paper a chair overrode. */
  overridden: Set<number> | undefined;
}

/** Conflicts of interest of every same-track (reviewer, paper) pair of the problem, with their evidence. */
export function findConflicts(problem: AssignmentProblem): PairConflict[] {
  const detector = new ConflictDetector(problem);
  const out: PairConflict[] = [];
  for (const paper of problem.papers) {
    const screen = detector.paperScreen(paper);
    for (const r of problem.reviewers) {
      if (!r.tracks.some((t) => key(t) === key(paper.track))) continue;
      const ri = detector.person(r.id);
      if (screen.authors.includes(ri) || !detector.conflicts(screen, ri)) continue;
      out.push({ paperId: paper.id, reviewerId: r.id, evidence: detector.evidenceFor(screen, ri) });
    }
  }
  return out;
}
