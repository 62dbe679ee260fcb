/**
 * A booking's status and a payment's status change only through their writers
 * (`src/server/bookings/booking-writer.ts`, `src/server/payments/payment-writer.ts`), which ask their
 * state tables first: any other module that updates `bookings` or `payments` with one of those
 * columns, with changes it does not spell out (a variable or a spread, which could carry one), or
 * through raw SQL fails here. The check reads the TypeScript syntax of every server file, following
 * renamed imports of the tables; fixtures below prove each way of writing it is caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BOOKING_WRITER = 'src/server/bookings/booking-writer.ts';
const PAYMENT_WRITER = 'src/server/payments/payment-writer.ts';

/** For each guarded table (its export in the schema module): each guarded column and the one module that writes it. */
const GUARDED: Record<string, Record<string, string>> = {
  bookings: { status: BOOKING_WRITER, paymentStatus: PAYMENT_WRITER },
  payments: { status: PAYMENT_WRITER },
};
const WRITERS = new Set([BOOKING_WRITER, PAYMENT_WRITER]);

/** Every `.ts` file under `dir`, relative to the repository, migrations left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`));
}

/** The local names under which `source` imports a guarded table from the schema module, with the table each names. */
function tableNames(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) {
        const table = (element.propertyName ?? element.name).text;
        if (table in GUARDED) names.set(element.name.text, table);
      }
  }
  return names;
}

/**
 * Why a `.set(...)` argument of `file` may write a guarded column of `table` that is not its own,
 * or null when it spells out other columns. A writer of the table may pass a spread or a variable:
 * its own types say which columns those carry.
 */
function statusWrite(file: string, table: string, argument: ts.Expression | undefined): string | null {
  const columns = GUARDED[table]!;
  const writesTable = Object.values(columns).includes(file);
  if (!argument || !ts.isObjectLiteralExpression(argument)) return writesTable ? null : 'changes not spelled out';
  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) {
      if (writesTable) continue;
      return 'a spread in the changes';
    }
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
    if (name === null) return 'a computed column';
    if (name in columns && columns[name] !== file) return `${table}.${name}`;
  }
  return null;
}

/** Places in `text` (a module named `file`, relative to the repository) that write a guarded status outside its writer. */
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
      const table = tables.get(node.arguments[0].text)!;
      let chain: ts.Node = node;
      while (ts.isPropertyAccessExpression(chain.parent) && ts.isCallExpression(chain.parent.parent)) {
        const call = chain.parent.parent;
        if (chain.parent.name.text === 'set') {
          const why = statusWrite(file, table, call.arguments[0]);
          if (why) found.push(`${where(node)}: ${why}`);
          break;
        }
        chain = call;
      }
    }
    // Raw SQL: sql`update bookings set status ...`, or a string handed to execute.
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isStringLiteral(node)) {
      const table = /\bupdate\s+"?(bookings|payments)"?\s/i.exec(node.text)?.[1];
      if (table) found.push(`${where(node)}: an UPDATE of ${table} in SQL`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('who writes a booking or payment status', () => {
  it('only their writers, in the whole server', { timeout: 60_000 }, () => {
    const found = sourceFiles('src').flatMap((file) => {
      const name = file.split(path.sep).join('/');
      return statusWritesIn(name, readFileSync(path.join(ROOT, file), 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it.each([...WRITERS])('sees %s write its column, and would refuse it to any other module', (writer) => {
    const text = readFileSync(path.join(ROOT, writer), 'utf8');
    expect(statusWritesIn(writer, text)).toEqual([]);
    expect(statusWritesIn('src/server/elsewhere.ts', text)).not.toEqual([]);
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
    ['a payment status', "await db.update(bookings).set({ paymentStatus: 'refunded', amountRefunded: '10.00' });"],
    ['a payment update in SQL', "await db.execute(sql`update payments set status = 'paid'`);"],
    ['a payment row', "import { payments } from '../db/schema';\nawait db.update(payments).set({ status: 'paid' });"],
  ])('catches %s', (_name, code) => {
    expect(statusWritesIn('fixture.ts', `${head}${code}`)).toHaveLength(1);
  });

  it('catches the payment writer writing a booking status, and the booking writer a payment status', () => {
    expect(statusWritesIn(PAYMENT_WRITER, `${head}await db.update(bookings).set({ status: 'confirmed' });`)).toHaveLength(1);
    expect(statusWritesIn(BOOKING_WRITER, `${head}await db.update(bookings).set({ paymentStatus: 'paid' });`)).toHaveLength(1);
  });

  it('lets other columns and other tables be written', () => {
    const code = `${head}await db.update(bookings).set({ notes: 'x', refundedAt: now }).where(x);\nawait db.update(users).set({ status: 'x' });`;
    expect(statusWritesIn('fixture.ts', code)).toEqual([]);
  });
});
