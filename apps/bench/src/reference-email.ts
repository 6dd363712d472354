import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Block, EmailDesign, Row } from '@embed/design-document';

function repoFile(relative: string): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (existsSync(path.join(dir, relative))) return path.join(dir, relative);
  throw new Error(`${relative} not found above ${__dirname}`);
}

function productRow(n: number): Row {
  const blocks: Block[] = [
    { type: 'image', src: `https://cdn.northwind-outfitters.example/products/item-${n}.jpg`, alt: `Product ${n}, front view`, href: `https://northwind-outfitters.example/p/${n}`, style: { padding: '8px 24px' } },
    { type: 'heading', level: 3, content: [{ text: `Product ${n} for {{contact.first_name}}` }], style: { padding: '4px 24px' } },
    { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Garment-dyed European linen, relaxed fit, mother-of-pearl buttons. ' }, { text: 'Free returns', bold: true }, { text: ' for 60 days.' }] }], style: { padding: '0px 24px' } },
    { type: 'button', text: 'View product', href: `https://northwind-outfitters.example/p/${n}?utm_source=newsletter`, style: { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6, padding: '12px 24px' } },
  ];
  return { id: `product-${n}`, style: { padding: '8px 0px' }, columns: [{ blocks }] };
}

/** The email example grown to ten product sections (image, text, button each), about 50 KB of HTML. */
export function referenceEmail(): EmailDesign {
  const email: EmailDesign = JSON.parse(readFileSync(repoFile('docs/examples/designs/email.json'), 'utf8'));
  const rows = email.body.rows;
  const footer = rows[rows.length - 1];
  email.body.rows = [...rows.slice(0, -1), ...Array.from({ length: 10 }, (_, n) => productRow(n + 1)), footer];
  return email;
}

/** An email of `rows` product sections of four blocks each (image, heading, text, button), for the editor's typing bench. */
export function productEmail(rows: number): EmailDesign {
  const email: EmailDesign = JSON.parse(readFileSync(repoFile('docs/examples/designs/email.json'), 'utf8'));
  email.body.rows = Array.from({ length: rows }, (_, n) => productRow(n + 1));
  return email;
}
