/**
 * Documentation sized for a reader: README.md under 10 KB, docs/api.md (the rules no schema can say)
 * under 30 KB, and each decision record (the decision, its reasons and its consequences) under 4 KB.
 * The index of the decisions is a list, not a record.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KB = 1024;
const sizeOf = (file: string) => statSync(path.join(ROOT, file)).size;

describe('documentation sizes', () => {
  it('keeps README.md under 10 KB and docs/api.md under 30 KB', () => {
    expect(sizeOf('README.md')).toBeLessThan(10 * KB);
    expect(sizeOf('docs/api.md')).toBeLessThan(30 * KB);
  });

  it('keeps every decision record under 4 KB', () => {
    const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(30);
    const tooLong = records.map((name) => ({ name, bytes: sizeOf(`docs/decisions/${name}`) })).filter(({ bytes }) => bytes >= 4 * KB);
    expect(tooLong).toEqual([]);
  });
});
