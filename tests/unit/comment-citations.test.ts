/**
 * Code comments say why in their own words: they cite no entry of the issue tracker, by number or
 * by a quoted, capitalised title (the checker's own cases below show both). An issue is closed and
 * forgotten while the comment stays; the reason belongs in the comment, or in the repository's own
 * docs (docs/product.md, docs/decisions/) when it is longer.
 *
 * The comments are read with the TypeScript parser, so string literals, template literals, JSX
 * text and test names never count, and a citation split over two comment lines still does. Each
 * offender is reported as file:line.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCANNED_DIRS = ['src', 'scripts', 'tests'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.tmp']);
const SOURCE_FILE = /\.(?:tsx?|mjs|js)$/;

/**
 * An issue cited by number or by a capitalised, quoted title. Between "issue" and what follows
 * may stand spaces, a line break and the `*` or `//` that starts the comment's next line.
 */
const CITATION = /\bissues?(?:[\s*/]|\/\/)*(?:#?\d+|"[A-Z])/gi;

/** The comments of a module, as their start offsets and texts; consecutive `//` lines are one comment. */
export function commentsOf(file: string, text: string): { pos: number; text: string; source: ts.SourceFile }[] {
  const source = ts.createSourceFile(file, text, {
    languageVersion: ts.ScriptTarget.Latest,
    jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
  });
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    const isJsDoc = node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;
    // JSX text is prose shown to a person, not code: a `//` in it starts no comment.
    if (isJsDoc || node.kind === ts.SyntaxKind.JsxText || node.kind === ts.SyntaxKind.JsxTextAllWhiteSpaces) return;
    const children = node.getChildren(source);
    // Every comment is trivia before some token: on the line of the token before it (trailing) or
    // on a line of its own (leading).
    if (children.length === 0) {
      const before = [...(ts.getTrailingCommentRanges(text, node.pos) ?? []), ...(ts.getLeadingCommentRanges(text, node.pos) ?? [])];
      for (const range of before) ranges.set(range.pos, range);
    }
    children.forEach(visit);
  };
  visit(source);

  const comments: { pos: number; text: string; source: ts.SourceFile }[] = [];
  let previous: ts.CommentRange | undefined;
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const joinsPrevious =
      previous?.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      text.slice(previous.end, range.pos).trim() === '';
    if (joinsPrevious && comments.length > 0) {
      const last = comments[comments.length - 1]!;
      last.text = text.slice(last.pos, range.end);
    } else {
      comments.push({ pos: range.pos, text: text.slice(range.pos, range.end), source });
    }
    previous = range;
  }
  return comments;
}

/** The issue citations in one module's comments, as `file:line: the line the citation starts on`. */
export function citationsIn(file: string, text: string): string[] {
  // Only a module that has the word at all needs parsing.
  if (!/issue/i.test(text)) return [];
  const lines = text.split('\n');
  return commentsOf(file, text).flatMap((comment) =>
    [...comment.text.matchAll(CITATION)].map((match) => {
      const line = comment.source.getLineAndCharacterOfPosition(comment.pos + match.index).line;
      return `${file}:${line + 1}: ${lines[line]!.trim()}`;
    }),
  );
}

/** Only the `file:line` of each citation. */
const places = (citations: string[]) => citations.map((citation) => citation.slice(0, citation.indexOf(': ')));

/** Every module under the scanned folders, relative to the root with forward slashes. */
function scannedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (SOURCE_FILE.test(entry.name)) {
        files.push(relative);
      }
    }
  };
  for (const dir of SCANNED_DIRS) walk(dir);
  return files.sort();
}

describe('comments cite no issue', () => {
  it('no comment under src, scripts or tests cites an issue by number or title', () => {
    const files = scannedFiles();
    expect(files).toContain('src/server/app.ts');
    expect(files).toContain('scripts/build.mjs');
    const offenders = files.flatMap((file) => citationsIn(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders, `\n${offenders.join('\n')}\n`).toEqual([]);
  });

  describe('the checker', () => {
    it('flags citations in line, block and doc comments, with the line the citation starts on', () => {
      const text = [
        'const a = 1; // paged (issue 2)',
        '/* Issue #7: maps */',
        '/**',
        ' * Split per route (issues 10 and',
        ' * 19), embedded answers.',
        ' */',
        'const b = 2;',
      ].join('\n');
      expect(citationsIn('src/a.ts', text)).toEqual([
        'src/a.ts:1: const a = 1; // paged (issue 2)',
        'src/a.ts:2: /* Issue #7: maps */',
        'src/a.ts:4: * Split per route (issues 10 and',
      ]);
    });

    it('flags a citation split over two comment lines, and one by title', () => {
      expect(places(citationsIn('src/a.ts', '// refused once (issue\n// 19 "Bad input")\nconst a = 1;'))).toEqual(['src/a.ts:1']);
      expect(places(citationsIn('src/a.ts', '/**\n * limits (issue\n * "Hardening": money)\n */\nconst a = 1;'))).toEqual(['src/a.ts:2']);
    });

    it('reads comments in TSX and JavaScript modules, JSX comments included', () => {
      const tsx = 'export const A = () => (\n  <div>\n    {/* sticky on a phone (issue 10) */}\n  </div>\n);';
      expect(places(citationsIn('src/a.tsx', tsx))).toEqual(['src/a.tsx:3']);
      expect(places(citationsIn('scripts/a.mjs', 'export {};\n// precompressed (issue 10)\n'))).toEqual(['scripts/a.mjs:2']);
    });

    it('lets strings, template literals, regular expressions, JSX text and test names through', () => {
      const fine = [
        "const a = 'see issue 10';",
        'const b = `issue ${1} and issue 2 // issue 3`;',
        "const c = '/* issue 4 */';",
        'const d = /issue 5/;',
        "it('has the limits of issue 5 by default', () => {});",
        'describe(\'booking limits (issue "Hardening")\', () => {});',
        '// the 400 has one issue per field; the issue names the field',
        '/** @throws HttpError 400 with an issue on `body.token` */',
      ];
      for (const line of fine) expect(citationsIn('src/a.ts', line), line).toEqual([]);
      expect(citationsIn('src/a.tsx', 'export const A = () => <p>// issue 6 shown as text</p>;')).toEqual([]);
    });
  });
});
