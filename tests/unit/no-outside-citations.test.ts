/**
 * Comments and docs cite only what a clone of this repository contains: decision
 * records in docs/decisions/, the product in docs/product.md, code style and toolchain notes in
 * docs/architecture.md. Two kinds of offender, each reported as file:line:
 *
 * - a citation of a document kept outside the repository: a design document's numbered
 *   decisions, a specification's numbered sections, the style guide or the stack notes by name,
 *   or a path into the sibling `../shared/` folder where those documents lived;
 * - a link or a `docs/...md` path that names a file (or a heading of one) that does not exist.
 *
 * The patterns are matched case-sensitively, so `src/shared/...` imports, identifiers such as
 * `SPECIALTIES` or `S3_FORCE_PATH_STYLE`, and the word "spec" in prose are not offenders. This file
 * is skipped: its own examples are offenders on purpose.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SELF = path.relative(ROOT, import.meta.filename);

/** Folders scanned whole, and the root files beside them. */
const SCANNED_DIRS = ['src', 'tests', 'scripts', 'docs', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.tmp', '.git']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.md',
  '.sql',
  '.json',
  '.html',
  '.css',
  '.sh',
  '.yml',
  '.yaml',
  '',
]);
const SKIPPED_FILES = new Set(['package-lock.json', SELF]);

/** Citations of documents outside the repository, wherever they appear (comments, strings, docs). */
const OUTSIDE_DOCUMENTS: RegExp[] = [
  /\bDESIGN\s+decisions?\b/,
  /\bSPEC\s+sections?\b/,
  /\b(?:DESIGN|SPEC|STYLE|STACK-NOTES|DEVELOPERS)\.md\b/,
  /\bSTACK-NOTES\b/,
  // The sibling folder those documents lived in: `../shared/DESIGN.md`, `../shared/SPEC.md`, ...
  // (lower-case `../shared/constants` is the src/shared code folder and is fine).
  /\.\.\/shared\/(?:[A-Z]|[\w.-]+\.md\b)/,
];

/** The documents' bare names in a comment or in markdown: "(SPEC)", "STYLE:", `DESIGN "Scale"`. */
const BARE_NAME = /\b(?:DESIGN|SPEC|STYLE)\b/;

/** `docs/x.md`, optionally with `#anchor`, `, #anchor` and `and #anchor` after it. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]+?\.md((?:#[\w-]+)(?:(?:,\s*|\s+and\s+)#[\w-]+)*)?/g;
/** A markdown link's target: `[text](target)`. */
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

/** The comment part of a line of code (or the whole line of a markdown file). */
function commentText(line: string, file: string): string {
  if (file.endsWith('.md')) return line;
  const trimmed = line.trimStart();
  if (/^(?:\*|\/\*|\/\/|#|--)/.test(trimmed)) return line;
  const inline = line.search(/\/\/|\/\*/);
  return inline >= 0 ? line.slice(inline) : '';
}

/** GitHub's anchor for a heading: lower-case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings (a repeated heading gets `-1`, `-2`, ... as on GitHub). */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** What the checker may ask of the repository: a file's text, or undefined when it does not exist. */
export type ReadRepoFile = (relativePath: string) => string | undefined;

/**
 * The offenders in one file's text, as `file:line: reason`.
 * @param file the file's path relative to the repository root, with forward slashes
 */
export function findOffenders(file: string, text: string, read: ReadRepoFile): string[] {
  const offenders = new Set<string>();
  const report = (index: number, reason: string) => void offenders.add(`${file}:${index + 1}: ${reason}`);
  const checkTarget = (index: number, target: string, anchors: string[]) => {
    const content = read(target);
    if (content === undefined) return report(index, `${target} does not exist`);
    if (!target.endsWith('.md')) return;
    const known = markdownAnchors(content);
    for (const anchor of anchors) if (!known.has(anchor)) report(index, `${target} has no heading #${anchor}`);
  };

  text.split('\n').forEach((line, index) => {
    for (const pattern of OUTSIDE_DOCUMENTS) {
      const match = pattern.exec(line);
      if (match) report(index, `cites a document outside the repository: "${match[0]}"`);
    }
    const comment = commentText(line, file);
    const bare = BARE_NAME.exec(comment);
    if (bare && !OUTSIDE_DOCUMENTS.some((pattern) => pattern.test(line))) {
      report(index, `cites a document outside the repository: "${bare[0]}"`);
    }

    for (const match of line.matchAll(DOCS_PATH)) {
      const target = path.posix.normalize(match[0].replace(/#.*$/s, '').replace(/[.]+$/, ''));
      const anchors = [...(match[1] ?? '').matchAll(/#([\w-]+)/g)].map((m) => m[1]!);
      checkTarget(index, target, anchors);
    }
    if (file.endsWith('.md')) {
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const link = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#')) continue;
        const [linkPath = '', anchor] = link.split('#');
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(linkPath)));
        checkTarget(index, target, anchor ? [anchor] : []);
      }
    }
  });
  return [...offenders];
}

/** Every text file scanned, relative to the root with forward slashes. */
function scannedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (TEXT_EXTENSIONS.has(path.extname(entry.name)) && !SKIPPED_FILES.has(relative)) {
        files.push(relative);
      }
    }
  };
  for (const dir of SCANNED_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    const isRootText = entry.isFile() && (/\.(?:md|[cm]?[jt]s|json|html)$/.test(entry.name) || entry.name === '.env.example');
    if (isRootText && !SKIPPED_FILES.has(entry.name)) files.push(entry.name);
  }
  return files.sort();
}

const readRepoFile: ReadRepoFile = (relativePath) => {
  const full = path.join(ROOT, relativePath);
  if (!full.startsWith(ROOT + path.sep) || !fs.existsSync(full)) return undefined;
  return fs.statSync(full).isFile() ? fs.readFileSync(full, 'utf8') : '';
};

describe('citations stay inside the repository', () => {
  it('no comment or doc cites a document outside the repository or a file that does not exist', () => {
    const files = scannedFiles();
    expect(files).toContain('docs/product.md');
    expect(files).toContain('README.md');
    const offenders = files.flatMap((file) => findOffenders(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), readRepoFile));
    expect(offenders, `\n${offenders.join('\n')}\n`).toEqual([]);
  });

  describe('the checker', () => {
    const repo: Record<string, string> = {
      'docs/product.md': '# Product\n\n## Booking\n\n### API calls\n\n## Booking\n',
      'docs/decisions/005-bookings-as-holds.md': '# 005: Holds\n',
      'docs/decisions/README.md': '# Decision records\n',
    };
    const read: ReadRepoFile = (file) => repo[file];
    const check = (file: string, text: string) => findOffenders(file, text, read);

    it('flags citations of the outside documents, with file and line', () => {
      expect(check('src/a.ts', 'const a = 1;\n/** Holds (DESIGN decision 4). */')).toEqual([
        'src/a.ts:2: cites a document outside the repository: "DESIGN decision"',
      ]);
      expect(check('src/a.ts', ' * charges by (DESIGN decisions 2, 3 and 5; SPEC sections 5 and 9).')).toHaveLength(2);
      expect(check('src/a.ts', '// keeps SPEC section 7 wording')).toHaveLength(1);
      expect(check('tests/a.ts', '// faked at the network level (STYLE)')).toHaveLength(1);
      expect(check('src/a.ts', '// pg_trgm last (STACK-NOTES).')).toHaveLength(1);
      expect(check('README.md', '`../shared/DESIGN.md` and `SPEC.md` describe the product.')).toHaveLength(2);
      expect(check('docs/a.md', 'See ../shared/notes.md.')).toHaveLength(1);
      expect(check('src/a.ts', "  message: 'see STYLE.md',")).toHaveLength(1);
      expect(check('.env.example', '# Redis (optional; DESIGN "Scale").')).toHaveLength(1);
    });

    it('flags docs paths and relative links to files or headings that do not exist', () => {
      expect(check('src/a.ts', '// see docs/decisions/099-x.md')).toEqual(['src/a.ts:1: docs/decisions/099-x.md does not exist']);
      expect(check('src/a.ts', '// docs/product.md#booking and #payments')).toEqual([
        'src/a.ts:1: docs/product.md has no heading #payments',
      ]);
      expect(check('docs/decisions/README.md', '- [005](005-bookings-as-holds.md)\n- [006](006-missing.md)')).toEqual([
        'docs/decisions/README.md:2: docs/decisions/006-missing.md does not exist',
      ]);
      expect(check('README.md', '[decisions](docs/decisions/README.md), [nope](docs/nope.md)')).toEqual([
        'README.md:1: docs/nope.md does not exist',
      ]);
    });

    it('lets legitimate code and prose through', () => {
      const fine = [
        "import { SPECIALTIES } from '../../shared/constants';",
        "import type { User } from '@/shared/schemas';",
        'S3_FORCE_PATH_STYLE: booleanFlag.default(false),',
        'const SPEC_VERSION = 2;',
        "const style = { color: 'red' };",
        '// the spec says so; this test spec covers it',
        '/** Holds (docs/decisions/005-bookings-as-holds.md; docs/product.md#booking, #api-calls and #booking-1). */',
        '// docs/product.md#booking.',
        '[Booking](#booking) and [a site](https://example.com/docs/x.md)',
      ];
      for (const line of fine) expect(check('src/a.ts', line), line).toEqual([]);
      expect(check('docs/product.md', '[Booking](#booking) and [a site](https://example.com/x.md)')).toEqual([]);
    });
  });
});
