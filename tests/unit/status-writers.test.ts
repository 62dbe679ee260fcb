/**
 * A booking's status changes only through its writer (`src/server/bookings/booking-writer.ts`),
 * which asks the state table first: any other module that updates `bookings` with a `status`, with
 * changes it does not spell out (a variable or a spread, which could carry one), or through raw SQL
 * fails here. The check reads the TypeScript syntax of every server file, following renamed imports
 * of the table; fixtures below prove each way of writing it is caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRITERS = new Set(['src/server/bookings/booking-writer.ts']);

/** Every `.ts` file under `dir`, relative to the repository, migrations left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
}

/** The local names under which `source` imports the `bookings` table from the schema module. */
function tableNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === 'bookings') names.add(element.name.text);
  }
  return names;
}

/** Why a `.set(...)` argument may write the status, or null when it spells out columns other than it. */
function statusWrite(argument: ts.Expression | undefined): string | null {
  if (!argument || !ts.isObjectLiteralExpression(argument)) return 'changes not spelled out';
  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) return 'a spread in the changes';
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
    if (name === null) return 'a computed column';
    if (name === 'status') return 'the status';
  }
  return null;
}

/** Places in `text` (a module named `file`) that write a booking's status outside the writer. */
export function statusWritesIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tables = tableNames(source);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    // <db>.update(bookings) ... .set(changes)
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'update' &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      tables.has(node.arguments[0].text)
    ) {
      let chain: ts.Node = node;
      while (ts.isPropertyAccessExpression(chain.parent) && ts.isCallExpression(chain.parent.parent)) {
        const call = chain.parent.parent;
        if (chain.parent.name.text === 'set') {
          const why = statusWrite(call.arguments[0]);
          if (why) found.push(`${where(node)}: ${why}`);
          break;
        }
        chain = call;
      }
    }
    // Raw SQL: sql`update bookings set status ...`, or a string handed to execute.
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isStringLiteral(node)) {
      if (/\bupdate\s+"?bookings"?\s/i.test(node.text)) found.push(`${where(node)}: an UPDATE of bookings in SQL`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('who writes a booking status', () => {
  it('only the booking writer, in the whole server', { timeout: 60_000 }, () => {
    const found = sourceFiles('src')
      .filter((file) => !WRITERS.has(file.split(path.sep).join('/')))
      .flatMap((file) => statusWritesIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the writer itself does write it (the check sees its UPDATE)', () => {
    const writer = [...WRITERS][0]!;
    expect(statusWritesIn(writer, readFileSync(path.join(ROOT, writer), 'utf8'))).not.toEqual([]);
  });

  const head = "import { bookings } from '../db/schema';\n";
  it.each([
    ['a status', "await db.update(bookings).set({ status: 'cancelled' }).where(x);"],
    ['a status in quotes', "await tx.update(bookings).set({ 'status': 'expired', notes: null });"],
    ['changes in a variable', 'await db.update(bookings).set(changes).where(x);'],
    ['a spread', 'await db.update(bookings).set({ notes: null, ...changes }).where(x);'],
    ['a renamed import', "import { bookings as rows } from '../../db/schema';\nawait db.update(rows).set({ status: 'confirmed' });"],
    ['raw SQL', "await db.execute(sql`UPDATE bookings SET status = 'expired' WHERE id = ${id}`);"],
    ['raw SQL, quoted table', 'await db.execute(\'update "bookings" set status = $1\');'],
  ])('catches %s', (_name, code) => {
    expect(statusWritesIn('fixture.ts', `${head}${code}`)).toHaveLength(1);
  });

  it('lets other columns and other tables be written', () => {
    const code = `${head}await db.update(bookings).set({ notes: 'x', refundedAt: now }).where(x);\nawait db.update(users).set({ status: 'x' });`;
    expect(statusWritesIn('fixture.ts', code)).toEqual([]);
  });
});
