/**
 * A tiny one-page PDF worksheet (A4, Helvetica): a title, a subtitle, numbered questions with ruled answer
 * lines and a footer. Written by hand so the demo has real attachments without a PDF library; the xref table
 * holds the exact byte offset of every object, as readers require.
 */
export interface WorksheetSpec {
  title: string;
  subtitle?: string;
  questions: string[];
  footer?: string;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** Text as a PDF literal string: ASCII only (the standard fonts' encoding), with \, ( and ) escaped. */
function pdfString(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/[^\x20-\x7e]/g, '');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Splits text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function pageContent(spec: WorksheetSpec): string {
  const ops: string[] = [];
  const text = (font: 'F1' | 'F2', size: number, x: number, y: number, s: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(s)} Tj ET`);
  let y = PAGE_HEIGHT - MARGIN - 20;
  text('F1', 20, MARGIN, y, spec.title);
  y -= 24;
  if (spec.subtitle) {
    text('F2', 11, MARGIN, y, spec.subtitle);
    y -= 18;
  }
  text('F2', 11, MARGIN, y, 'Name: ______________________________    Date: ______________');
  y -= 14;
  ops.push(`0.5 w ${MARGIN} ${y} m ${PAGE_WIDTH - MARGIN} ${y} l S`);
  y -= 30;
  spec.questions.forEach((question, i) => {
    const lines = wrap(question, 80);
    lines.forEach((line, j) => {
      text(j === 0 ? 'F1' : 'F2', 12, MARGIN, y, j === 0 ? `${i + 1}.` : '');
      text('F2', 12, MARGIN + 22, y, line);
      y -= 16;
    });
    // Three ruled lines to answer on.
    for (let k = 0; k < 3; k++) {
      y -= 22;
      ops.push(`0.8 G 0.5 w ${MARGIN + 22} ${y} m ${PAGE_WIDTH - MARGIN} ${y} l S 0 G`);
    }
    y -= 30;
  });
  if (spec.footer) text('F2', 9, MARGIN, MARGIN - 20, spec.footer);
  return ops.join('\n');
}

/** Builds the worksheet as PDF bytes. */
export function worksheetPdf(spec: WorksheetSpec): Buffer {
  const content = pageContent(spec);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(spec.title)} /Producer (Banksia demo seed) >>`,
  ];
  // The binary comment line tells tools the file is binary; every object's offset is counted in bytes.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, space, newline.
  const entries = ['0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  body +=
    `xref\n0 ${objects.length + 1}\n${entries.join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
