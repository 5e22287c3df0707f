import { PARCEL_PRESETS, type ParcelName } from '@yardly/shared/rules';
import bwipjs from 'bwip-js/node';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { LabelAddress } from '../../db/schema/index';

/** What is printed on a label. */
export interface LabelContent {
  from: LabelAddress;
  to: LabelAddress;
  trackingNumber: string;
  /** The service as a person reads it ('Priority'). */
  service: string;
  parcel: ParcelName;
  weightLbs: number;
  /** The order's refnum, printed small as the shipper's reference. */
  reference: string;
  carrierName: string;
}

/** 4×6 inches at 72 points an inch. */
const WIDTH = 288;
const HEIGHT = 432;

function addressLines(a: LabelAddress): string[] {
  return [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter((l): l is string => Boolean(l));
}

/**
 * A printable 4×6 in shipping label (issue 19), made with pdf-lib: the sender's and the
 * recipient's addresses, the service, the parcel and its weight, the tracking number as text
 * and as a Code 128 barcode (drawn by bwip-js). Text stays selectable, so the tracking number
 * can be found in the file.
 */
export async function labelPdf(label: LabelContent): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipping label ${label.trackingNumber}`);
  pdf.setAuthor('Yardly');
  pdf.setSubject(`Order ${label.reference}`);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const margin = 14;

  let y = HEIGHT - margin - 12;
  page.drawText(label.carrierName.toUpperCase(), { x: margin, y, size: 14, font: bold, color: black });
  page.drawText(label.service.toUpperCase(), {
    x: WIDTH - margin - bold.widthOfTextAtSize(label.service.toUpperCase(), 14),
    y,
    size: 14,
    font: bold,
  });
  y -= 10;
  page.drawLine({ start: { x: margin, y }, end: { x: WIDTH - margin, y }, thickness: 1.5, color: black });

  y -= 14;
  page.drawText('FROM', { x: margin, y, size: 7, font: bold });
  for (const line of addressLines(label.from)) {
    y -= 10;
    page.drawText(line, { x: margin, y, size: 8, font: regular });
  }
  y -= 18;
  page.drawText('SHIP TO', { x: margin, y, size: 8, font: bold });
  for (const [i, line] of addressLines(label.to).entries()) {
    y -= 15;
    page.drawText(line, { x: margin + 10, y, size: i === 0 ? 13 : 12, font: i === 0 ? bold : regular });
  }

  y -= 20;
  const preset = PARCEL_PRESETS[label.parcel];
  const parcel = `${preset.label} ${preset.lengthIn}x${preset.widthIn}x${preset.heightIn} in`;
  page.drawText(`Weight: ${label.weightLbs} lbs   ${parcel}`, { x: margin, y, size: 8, font: regular });
  y -= 8;
  page.drawLine({ start: { x: margin, y }, end: { x: WIDTH - margin, y }, thickness: 1.5, color: black });

  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 3,
    height: 18,
    includetext: false,
  });
  const image = await pdf.embedPng(barcode);
  const barWidth = WIDTH - 2 * margin;
  const barHeight = 80;
  y -= 14;
  page.drawText('TRACKING #', { x: margin, y, size: 8, font: bold });
  y -= barHeight + 6;
  page.drawImage(image, { x: margin, y, width: barWidth, height: barHeight });
  y -= 14;
  const tn = label.trackingNumber;
  page.drawText(tn, { x: (WIDTH - bold.widthOfTextAtSize(tn, 11)) / 2, y, size: 11, font: bold });
  page.drawText(`Ref. ${label.reference}`, { x: margin, y: margin, size: 7, font: regular });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
