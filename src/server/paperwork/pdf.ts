/**
 * PDF writing for the paperwork (docs/decisions/027-receipts-and-agreements.md) with pdfkit
 * (https://pdfkit.org): a page of A4-or-Letter-neutral margins in the built-in Helvetica, headings,
 * label-value lines and money tables. The built-in fonts encode Windows-1252 only, so text is
 * narrowed to it first ({@link winAnsi}).
 */
import PDFDocument from 'pdfkit';
import { formatUsd } from '../../shared/money';
import type { MoneyLine } from '../../shared/receipt';

/** Characters of Windows-1252 beyond Latin-1 that the built-in fonts can draw. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * `text` in the characters the built-in fonts draw: narrow and other spaces become plain spaces,
 * the minus sign a hyphen, anything else outside Windows-1252 a question mark.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(/[^\n\t\u0020-\u007e\u00a1-\u00ff]/gu, (char) => (CP1252_EXTRA.has(char) ? char : '?'));
}

/** A money amount for a table: "$1,440.00", "-$60.00". */
export const moneyText = (cents: number) => (cents < 0 ? `-${formatUsd(-cents)}` : formatUsd(cents));

/** A document being written: small helpers over pdfkit's flowing text. */
export class PaperWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly width: number;
  private readonly left: number;

  constructor(info: { title: string; subject: string }) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 56, bottom: 56, left: 56, right: 56 },
      info: { Title: winAnsi(info.title), Subject: winAnsi(info.subject), Author: 'ClinicShare', Creator: 'ClinicShare' },
    });
    this.left = this.doc.page.margins.left;
    this.width = this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** The document's title block: the platform's name and the title. */
  title(platform: string, title: string): this {
    this.doc.font('Helvetica-Bold').fontSize(20).text(winAnsi(platform), this.left);
    this.doc.font('Helvetica').fontSize(14).text(winAnsi(title)).moveDown(0.8);
    return this;
  }

  heading(text: string): this {
    this.doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(winAnsi(text), this.left, undefined, { width: this.width });
    this.doc.moveDown(0.2);
    return this;
  }

  paragraph(text: string, options: { small?: boolean } = {}): this {
    this.doc
      .font('Helvetica')
      .fontSize(options.small ? 8 : 10)
      .text(winAnsi(text), this.left, undefined, { width: this.width });
    return this;
  }

  /** "Label: value" on one line, the label in bold. */
  field(label: string, value: string): this {
    this.doc
      .fontSize(10)
      .font('Helvetica-Bold')
      .text(`${winAnsi(label)}: `, this.left, undefined, { continued: true, width: this.width });
    this.doc.font('Helvetica').text(winAnsi(value));
    return this;
  }

  /** Money lines: the label on the left, the amount right-aligned; `strong` lines in bold with a rule above. */
  moneyTable(lines: readonly (MoneyLine & { strong?: boolean })[]): this {
    const amountWidth = 120;
    for (const line of lines) {
      if (line.strong) {
        const y = this.doc.y + 2;
        this.doc
          .moveTo(this.left, y)
          .lineTo(this.left + this.width, y)
          .lineWidth(0.5)
          .stroke();
        this.doc.y = y + 4;
      }
      const y = this.doc.y;
      this.doc.font(line.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      this.doc.text(winAnsi(line.label), this.left, y, { width: this.width - amountWidth - 8 });
      const after = this.doc.y;
      const amount = line.included ? `(${moneyText(line.cents)} included)` : moneyText(line.cents);
      this.doc.text(amount, this.left + this.width - amountWidth, y, { width: amountWidth, align: 'right' });
      this.doc.y = Math.max(after, this.doc.y) + 2;
    }
    return this;
  }

  /** Ends the document; resolves to its bytes. */
  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
