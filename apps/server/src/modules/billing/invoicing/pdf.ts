/**
 * The invoice and tariff PDFs (pdfkit, the built-in Helvetica): the provider's header (its company
 * and address), the account's address, the invoice number and dates, the lines, subtotal, VAT at
 * 20 %, total, payment terms and a PAID / VOID stamp; the tariff lists the provider's prices.
 */
import { formatPence, INVOICE_DUE_DAYS, SEAT_RENTAL_PENCE, VAT_PERCENT, vatOf } from '@switchboard/domain';
import PDFDocument from 'pdfkit';

export interface PdfAddress {
  company: string;
  name?: string;
  lines: string[];
  telephone?: string;
  email?: string;
}

export interface InvoicePdfData {
  provider: PdfAddress;
  account: PdfAddress & { accountNo: number };
  invoiceNo: string;
  period: string;
  date: string;
  due: string;
  paidDate: string | null;
  status: 'Unpaid' | 'Overdue' | 'Paid' | 'Void';
  lines: Array<{ description: string; quantity: number; unitPricePence: number; amountPence: number }>;
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
  /** Notes printed on the invoice (notes.ts), above the payment terms. */
  notes: string[];
  /** The payment terms' paragraphs (terms.ts: what is due, when and how, for the account's type). */
  terms: string[];
}

function render(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: 'Switchboard' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

const LEFT = 50;
const RIGHT = 545;
const GREY = '#555555';
const BRAND = '#1671aa';

function header(doc: PDFKit.PDFDocument, provider: PdfAddress, title: string): void {
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(provider.company, LEFT, 50);
  doc.fillColor(GREY).font('Helvetica').fontSize(9);
  const contact = [...provider.lines, provider.telephone ? `Tel ${provider.telephone}` : '', provider.email ?? '']
    .filter(Boolean)
    .join('  ·  ');
  doc.text(contact, LEFT, 76, { width: RIGHT - LEFT });
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(title, LEFT, 50, { width: RIGHT - LEFT, align: 'right' });
  doc.moveTo(LEFT, 96).lineTo(RIGHT, 96).strokeColor(BRAND).lineWidth(1.5).stroke();
}

/** The invoice as a PDF. */
export function invoicePdf(inv: InvoicePdfData): Promise<Buffer> {
  return render((doc) => {
    header(doc, inv.provider, 'INVOICE');
    let y = drawParticulars(doc, inv);
    y = drawLines(doc, inv, y);
    y = drawTotals(doc, inv, y);
    y = drawParagraphs(doc, 'Notes', inv.notes, y);
    y = drawParagraphs(doc, 'Payment terms', inv.terms, y);
    drawStamp(doc, inv, y);
  }, `Invoice ${inv.invoiceNo}`);
}

/** The invoice lines' columns (their left edges). */
const COLS = { desc: LEFT, qty: 330, unit: 390, amount: 470 };

/** The account's address (left) and the invoice's particulars (right); answers where they end. */
function drawParticulars(doc: PDFKit.PDFDocument, inv: InvoicePdfData): number {
  doc.fillColor(GREY).font('Helvetica').fontSize(9).text('Invoice to', LEFT, 115);
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(inv.account.company || inv.account.name || '', LEFT, 128);
  doc.font('Helvetica').fontSize(10);
  const to = [inv.account.company && inv.account.name ? inv.account.name : '', ...inv.account.lines].filter(Boolean);
  doc.text(to.join('\n'), LEFT, 143, { width: 250 });

  const facts: Array<[string, string]> = [
    ['Invoice number', inv.invoiceNo],
    ['Account number', String(inv.account.accountNo)],
    ['Invoice date', inv.date],
    ['Due date', inv.due],
    ['Period', inv.period],
  ];
  if (inv.paidDate) facts.push(['Paid', inv.paidDate]);
  let y = 115;
  for (const [label, value] of facts) {
    doc.fillColor(GREY).font('Helvetica').fontSize(9).text(label, 340, y, { width: 95 });
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(10).text(value, 435, y, { width: 110, align: 'right' });
    y += 16;
  }
  return y;
}

/** The lines' table below `top` (a new page when one runs out); answers where it ends. */
function drawLines(doc: PDFKit.PDFDocument, inv: InvoicePdfData, top: number): number {
  let y = Math.max(top, 215) + 15;
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef4f9');
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(9);
  doc.text('Description', COLS.desc + 6, y + 6);
  doc.text('Qty', COLS.qty, y + 6, { width: 50, align: 'right' });
  doc.text('Unit price', COLS.unit, y + 6, { width: 70, align: 'right' });
  doc.text('Amount', COLS.amount, y + 6, { width: RIGHT - COLS.amount - 6, align: 'right' });
  y += 26;
  doc.font('Helvetica').fontSize(10);
  for (const line of inv.lines) {
    const height = doc.heightOfString(line.description, { width: COLS.qty - COLS.desc - 16 });
    if (y + height > 700) {
      doc.addPage();
      y = 50;
    }
    doc.text(line.description, COLS.desc + 6, y, { width: COLS.qty - COLS.desc - 16 });
    doc.text(String(line.quantity), COLS.qty, y, { width: 50, align: 'right' });
    doc.text(formatPence(line.unitPricePence), COLS.unit, y, { width: 70, align: 'right' });
    doc.text(formatPence(line.amountPence), COLS.amount, y, { width: RIGHT - COLS.amount - 6, align: 'right' });
    y += Math.max(height, 12) + 8;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .strokeColor('#dddddd')
      .lineWidth(0.5)
      .stroke();
  }
  return y;
}

/** Subtotal, VAT and total below `top`; answers where they end. */
function drawTotals(doc: PDFKit.PDFDocument, inv: InvoicePdfData, top: number): number {
  let y = top + 6;
  const totals: Array<[string, string, boolean]> = [
    ['Subtotal', formatPence(inv.subtotalPence), false],
    [`VAT ${VAT_PERCENT}%`, formatPence(inv.vatPence), false],
    ['Total', formatPence(inv.totalPence), true],
  ];
  for (const [label, value, bold] of totals) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor('#000000');
    doc.text(label, 340, y, { width: 120 });
    doc.text(value, COLS.amount - 30, y, { width: RIGHT - COLS.amount + 24, align: 'right' });
    y += bold ? 20 : 16;
  }
  return y;
}

/** Titled paragraphs (the notes, the payment terms) below `top` (on a new page when too low); answers where they end. */
function drawParagraphs(doc: PDFKit.PDFDocument, title: string, paragraphs: readonly string[], top: number): number {
  if (paragraphs.length === 0) return top;
  let y = top + 20;
  if (y > 700) {
    doc.addPage();
    y = 50;
  }
  doc.fillColor(GREY).font('Helvetica-Bold').fontSize(9).text(title, LEFT, y);
  doc.font('Helvetica');
  y += 13;
  for (const paragraph of paragraphs) {
    doc.text(paragraph, LEFT, y, { width: RIGHT - LEFT });
    y = doc.y + 4;
  }
  return y;
}

/** The PAID / VOID stamp, under the terms ending at `y` (never over the figures). */
function drawStamp(doc: PDFKit.PDFDocument, inv: InvoicePdfData, y: number): void {
  if (inv.status === 'Paid' || inv.status === 'Void') {
    const colour = inv.status === 'Paid' ? '#2e7d32' : '#c62828';
    const top = Math.min(y + 30, 700);
    doc.save();
    doc.rotate(-12, { origin: [LEFT + 90, top + 30] });
    doc.roundedRect(LEFT, top, 180, 60, 8).lineWidth(3).strokeColor(colour).strokeOpacity(0.8).stroke();
    doc
      .fillColor(colour)
      .fillOpacity(0.8)
      .font('Helvetica-Bold')
      .fontSize(36)
      .text(inv.status.toUpperCase(), LEFT, top + 13, { width: 180, align: 'center' });
    doc.restore();
  }
}

/** A service's price on the tariff: what it is, how it is charged, in pence ex VAT. */
export interface TariffLine {
  service: string;
  basis: string;
  pence: number;
}

/** The provider's tariff: the seats' rental and the services' (numbers by type, their setup) the billing run charges. */
export function tariffPdf(provider: PdfAddress, issued: string, services: readonly TariffLine[]): Promise<Buffer> {
  return render((doc) => {
    header(doc, provider, 'TARIFF');
    doc.fillColor(GREY).font('Helvetica').fontSize(9).text(`Prices as of ${issued}`, LEFT, 110);
    let y = 135;
    doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef4f9');
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(9);
    doc.text('Service', LEFT + 6, y + 6);
    doc.text('Charged', 280, y + 6);
    doc.text('Price ex VAT', 380, y + 6, { width: 75, align: 'right' });
    doc.text('Price inc VAT', 460, y + 6, { width: 80, align: 'right' });
    y += 28;
    const rows: TariffLine[] = [
      { service: 'Seat rental', basis: 'per seat per month', pence: SEAT_RENTAL_PENCE },
      ...services,
    ];
    doc.font('Helvetica').fontSize(10);
    for (const { service, basis, pence } of rows) {
      if (y > 760) {
        doc.addPage();
        y = 50;
      }
      const inc = pence + vatOf(pence);
      doc.text(service, LEFT + 6, y);
      doc.text(basis, 280, y);
      doc.text(formatPence(pence), 380, y, { width: 75, align: 'right' });
      doc.text(formatPence(inc), 460, y, { width: 80, align: 'right' });
      y += 20;
    }
    y += 15;
    doc
      .fillColor(GREY)
      .fontSize(9)
      .text(
        `Rentals are invoiced monthly in arrears for the seats and numbers held at the end of the month. VAT is charged at ${VAT_PERCENT}%. Invoices are due within ${INVOICE_DUE_DAYS} days. Bundles and call charges are shown on your invoice where they apply.`,
        LEFT,
        y,
        { width: RIGHT - LEFT },
      );
  }, 'Tariff');
}

/** A rate of the call tariff as the PDF lists it (pence with two decimals, as the API's records). */
export interface CallTariffPdfRate {
  prefix: string;
  destination: string;
  access: string;
  onPeak: string;
  onPeakConnection: string;
  offPeak: string;
  weekendOnPeak: string;
  weekendOffPeak: string;
  minimum: string;
}

/** The call tariff's columns: label, left edge, width (the rates right-aligned). */
const RATE_COLS: Array<[string, keyof CallTariffPdfRate, number, number]> = [
  ['Destination', 'destination', LEFT, 160],
  ['Prefix', 'prefix', 212, 42],
  ['On-peak', 'onPeak', 256, 40],
  ['Conn.', 'onPeakConnection', 297, 40],
  ['Off-peak', 'offPeak', 338, 40],
  ['Wknd on', 'weekendOnPeak', 379, 40],
  ['Wknd off', 'weekendOffPeak', 420, 40],
  ['Access', 'access', 461, 40],
  ['Min.', 'minimum', 502, 40],
];

function rateHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(LEFT, y, RIGHT - LEFT, 18).fill('#eef4f9');
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8);
  for (const [label, , x, width] of RATE_COLS) {
    doc.text(label, x + 3, y + 5, { width: width - 3, align: x === LEFT || label === 'Prefix' ? 'left' : 'right' });
  }
  return y + 22;
}

/**
 * The provider's call tariff (the rate deck): each destination's rates in pence, UK time bands
 * explained; the same header as the invoice and the rental tariff.
 */
export function callTariffPdf(
  provider: PdfAddress,
  issued: string,
  rates: readonly CallTariffPdfRate[],
): Promise<Buffer> {
  return render((doc) => {
    header(doc, provider, 'CALL TARIFF');
    doc
      .fillColor(GREY)
      .font('Helvetica')
      .fontSize(9)
      .text(
        `Prices as of ${issued}, in pence ex VAT: per minute, billed per second; the on-peak connection charge and the minimum per call. On-peak is 08:00-18:00 UK time Monday to Friday; weekend rates apply on Saturday and Sunday. VAT is charged at ${VAT_PERCENT}%.`,
        LEFT,
        106,
        { width: RIGHT - LEFT },
      );
    let y = rateHeader(doc, doc.y + 8);
    doc.font('Helvetica').fontSize(8);
    for (const rate of rates) {
      if (y > 780) {
        doc.addPage();
        y = rateHeader(doc, 50);
        doc.font('Helvetica').fontSize(8);
      }
      for (const [, key, x, width] of RATE_COLS) {
        const left = key === 'destination' || key === 'prefix';
        doc.fillColor('#000000').text(rate[key], x + 3, y, {
          width: width - 3,
          align: left ? 'left' : 'right',
          lineBreak: false,
          ellipsis: true,
        });
      }
      y += 12;
    }
  }, 'Call tariff');
}
