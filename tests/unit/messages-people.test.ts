import { describe, expect, it } from 'vitest';
import { fullName, initialsOf } from '../../src/client/lib/people';
import { matchesConversationSearch, relativeTime } from '../../src/client/features/messages/lib/people';

const conversation = { otherUser: { firstName: 'Jordan', lastName: 'Avery' }, spaceTitle: 'Sunny Dental Suite' };

describe('conversation list helpers', () => {
  it("matches the other user's first or last name or the space title, ignoring case and spaces around", () => {
    expect(matchesConversationSearch(conversation, 'jord')).toBe(true);
    expect(matchesConversationSearch(conversation, ' AVERY ')).toBe(true);
    expect(matchesConversationSearch(conversation, 'dental')).toBe(true);
    expect(matchesConversationSearch(conversation, '')).toBe(true);
    expect(matchesConversationSearch(conversation, 'surgery')).toBe(false);
    expect(matchesConversationSearch({ ...conversation, spaceTitle: null }, 'dental')).toBe(false);
  });

  it('shows initials, names and relative times', () => {
    expect(initialsOf({ firstName: 'jordan', lastName: 'avery' })).toBe('JA');
    expect(fullName(conversation.otherUser)).toBe('Jordan Avery');
    const now = Date.now();
    expect(relativeTime(new Date(now - 10_000).toISOString(), now)).toBe('just now');
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now - 3 * 86_400_000).toISOString(), now)).toBe('3 days ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
