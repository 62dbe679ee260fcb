import { describe, expect, it } from 'vitest';
import { renderHead, searchHead } from '../../src/server/pages/head';
import { cutDescription } from '../../src/shared/text';

describe('page metadata', () => {
  it('cuts descriptions to at most 150 characters on a word boundary', () => {
    const long = 'word '.repeat(60);
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutDescription('Short and sweet.')).toBe('Short and sweet.');
  });

  it('escapes text in tags and cannot be broken out of by JSON-LD content', () => {
    const html = renderHead({
      title: 'A "quoted" <b>title</b>',
      description: 'x',
      canonical: 'http://localhost/spaces/1',
      jsonLd: { name: '</script><script>alert(1)</script>' },
    });
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt;</title>');
    expect(html).not.toContain('</script><script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('lists only the first 10 results in the search structured data', () => {
    const spaces = Array.from({ length: 12 }, (_, i) => ({ id: `id-${i}`, title: `Space ${i}` })) as never[];
    const head = searchHead(spaces, 12, 'Boston', 'http://x/search?location=Boston', 'http://x');
    expect((head.jsonLd as { itemListElement: unknown[] }).itemListElement).toHaveLength(10);
    expect(head.title).toBe('Medical spaces for rent in Boston | ClinicShare');
  });
});
