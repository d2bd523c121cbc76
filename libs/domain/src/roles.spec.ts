import {
  allowedPrefixes,
  applyRoleChange,
  canUsePrefix,
  emptyRoles,
  managedTracks,
  type UserRoles,
} from './roles.js';

const roles = (patch: Partial<UserRoles>): UserRoles => ({ ...emptyRoles(), ...patch });

describe('role prefixes', () => {
  it('lets every signed-in user use the author prefix only, by default', () => {
    expect(allowedPrefixes(emptyRoles())).toEqual(['author']);
  });
  it('gives chairs the chair, cochair and session prefixes but not the reviewer one', () => {
    const chair = roles({ chair: { is: true } });
    expect(canUsePrefix(chair, 'chair')).toBe(true);
    expect(canUsePrefix(chair, 'cochair')).toBe(true);
    expect(canUsePrefix(chair, 'session')).toBe(true);
    expect(canUsePrefix(chair, 'reviewer')).toBe(false);
  });
  it('gives admins every prefix', () => {
    expect(allowedPrefixes(roles({ admin: { is: true } })).sort()).toEqual([
      'author',
      'chair',
      'cochair',
      'reviewer',
      'session',
    ]);
  });
  it('keeps track chairs out of the chair prefix', () => {
    const tc = roles({ coChair: { is: true, tracks: [2] } });
    expect(canUsePrefix(tc, 'cochair')).toBe(true);
    expect(canUsePrefix(tc, 'chair')).toBe(false);
  });
  it('gives session chairs the session prefix only when they have sessions', () => {
    expect(canUsePrefix(roles({ sessionChair: { sessions: [4] } }), 'session')).toBe(true);
    expect(canUsePrefix(emptyRoles(), 'session')).toBe(false);
  });
  it('limits track chairs to their tracks and leaves chairs unlimited', () => {
    expect(managedTracks(roles({ coChair: { is: true, tracks: [2, 5] } }), 'cochair')).toEqual([2, 5]);
    expect(managedTracks(roles({ chair: { is: true } }), 'cochair')).toBeNull();
    expect(managedTracks(emptyRoles(), 'chair')).toEqual([]);
  });
});

describe('the user roles screen (spec §4)', () => {
  it('sets and clears the chair flag for Chairs', () => {
    const added = applyRoleChange(emptyRoles(), 'Chairs', 'Add', []);
    expect(added.chair.is).toBe(true);
    expect(applyRoleChange(added, 'Chairs', 'Remove', []).chair.is).toBe(false);
  });
  it('adds reviewer tracks, ignoring tracks already present, and sets the flag', () => {
    const start = roles({ reviewer: { is: true, tracks: [1], count: 0 } });
    const next = applyRoleChange(start, 'Reviewers', 'Add', [1, 3]);
    expect(next.reviewer).toEqual({ is: true, tracks: [1, 3], count: 0 });
    expect(start.reviewer.tracks).toEqual([1]);
  });
  it('clears the track chair flag when the last track is removed', () => {
    const start = roles({ coChair: { is: true, tracks: [2] } });
    expect(applyRoleChange(start, 'Track Chairs', 'Remove', [2]).coChair).toEqual({ is: false, tracks: [] });
  });
  it('keeps the flag while tracks remain', () => {
    const start = roles({ coChair: { is: true, tracks: [2, 4] } });
    expect(applyRoleChange(start, 'Track Chairs', 'Remove', [2]).coChair).toEqual({ is: true, tracks: [4] });
  });
});
