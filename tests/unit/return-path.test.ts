/**
 * The return path of a login asked for by a page that needs a session (docs/product.md#signed-out-visits):
 * only this site's own paths, never another origin (no open redirect, CWE-601).
 */
import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, returnPathOf, safeReturnPath } from '../../src/client/lib/return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query string and fragment', () => {
    for (const path of [
      '/profile',
      '/profile?tab=bookings',
      '/messages?conversation=3f2b6c1e-9a0d-4c1b-8f5e-2d7a9b0c1e2f',
      '/payments/connect?success=true',
      '/edit-space/abc-123',
      '/profile?tab=requests#incoming',
      '/search?location=New%20York',
    ])
      expect(safeReturnPath(path)).toBe(path);
  });

  it('refuses other origins, however they are spelled', () => {
    for (const path of [
      'https://evil.example/profile',
      'http://evil.example',
      'HTTPS://evil.example',
      '//evil.example',
      '//evil.example/profile?tab=bookings',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@example.test',
      'evil.example',
      'profile',
      '?tab=bookings',
      '#top',
      '',
    ])
      expect(safeReturnPath(path), JSON.stringify(path)).toBeNull();
  });

  it('refuses what is not a string, and paths too long to be a page of the app', () => {
    for (const value of [undefined, null, 42, { pathname: '/profile' }, ['/profile']]) expect(safeReturnPath(value)).toBeNull();
    const longest = `/profile?q=${'a'.repeat(MAX_RETURN_PATH_LENGTH - '/profile?q='.length)}`;
    expect(safeReturnPath(longest)).toBe(longest);
    expect(safeReturnPath(`${longest}a`)).toBeNull();
  });
});

describe('returnPathOf', () => {
  it('joins the path and the query string, with or without its question mark', () => {
    expect(returnPathOf('/profile', 'tab=bookings')).toBe('/profile?tab=bookings');
    expect(returnPathOf('/profile', '?tab=bookings')).toBe('/profile?tab=bookings');
    expect(returnPathOf('/messages', '')).toBe('/messages');
  });
});
