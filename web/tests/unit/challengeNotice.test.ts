import { describe, expect, it } from 'vitest';
import { challengeNotice } from '../../src/ui/challengeNotice';

describe('challengeNotice', () => {
  const created = { kind: 'challenge' as const, challenge: 3, text: 'created', users: ['alice', 'bob'], by: 'alice' };

  it('never tells a user of their own challenge', () => {
    expect(challengeNotice(created, 'alice', '/game/1')).toBeNull();
    expect(challengeNotice(created, 'ALICE', '/analysis')).toBeNull();
    expect(challengeNotice({ ...created, text: 'accepted', game: 9, by: 'bob' }, 'bob', '/')).toBeNull();
  });

  it('tells the one challenged who it is from', () => {
    expect(challengeNotice(created, 'bob', '/games')).toEqual({ text: 'New challenge from alice.', link: 'lobby' });
    expect(challengeNotice(created, 'bob', '/')).toBeNull(); // the lobby lists it
  });

  it('tells the challenger of the answer', () => {
    expect(challengeNotice({ ...created, text: 'accepted', game: 9, by: 'bob' }, 'alice', '/games')).toEqual({ text: 'bob accepted your challenge:', link: 9 });
    expect(challengeNotice({ ...created, text: 'accepted', game: 9, by: 'bob' }, 'alice', '/game/9')).toBeNull();
    expect(challengeNotice({ ...created, text: 'declined', by: 'bob' }, 'alice', '/games')).toEqual({ text: 'bob declined your challenge.', link: null });
  });

  it('leaves a rematch to the old game page, and links to it elsewhere', () => {
    const offer = { ...created, rematch_of: 5 };
    expect(challengeNotice(offer, 'bob', '/game/5')).toBeNull();
    expect(challengeNotice(offer, 'bob', '/')).toEqual({ text: 'alice offers a rematch:', link: 5 });
    const accepted = { ...offer, text: 'accepted', game: 6, by: 'bob' };
    expect(challengeNotice(accepted, 'alice', '/analysis')).toEqual({ text: 'The rematch has started:', link: 6 });
    expect(challengeNotice(accepted, 'alice', '/game/5')).toBeNull();
  });
});
