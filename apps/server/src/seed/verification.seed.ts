import { deflateSync } from 'node:zlib';
import type { DocumentKind } from '@platform/contract';
import { memberByAccount } from '../modules/members/members.service.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { submitVerification, uploadDocument } from '../modules/verification/verification.service.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

type Rect = [x: number, y: number, w: number, h: number, rgb: [number, number, number]];

/** A small RGB png of coloured rectangles on a light card: a stand-in for a scanned document, without words. */
export function drawnPng(width: number, height: number, rects: Rect[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number] = [238, 242, 246];
      for (const [rx, ry, rw, rh, c] of rects) if (x >= rx && x < rx + rw && y >= ry && y < ry + rh) rgb = c;
      raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const lines = (x: number, y: number, n: number, w: number): Rect[] =>
  Array.from({ length: n }, (_, i) => [x, y + i * 22, w - i * 18, 8, [120, 130, 145]] as Rect);

/** The demo documents: an identity card's two sides and a selfie. */
export const demoDocuments: Record<Exclude<DocumentKind, 'address'>, () => Buffer> = {
  id_front: () =>
    drawnPng(320, 200, [
      [0, 0, 320, 36, [22, 101, 52]],
      [18, 54, 90, 118, [180, 190, 200]],
      [40, 76, 46, 46, [140, 110, 90]],
      ...lines(126, 62, 5, 170),
    ]),
  id_back: () => drawnPng(320, 200, [[0, 0, 320, 36, [22, 101, 52]], ...lines(18, 56, 4, 280), [18, 150, 284, 30, [40, 40, 40]]]),
  selfie: () =>
    drawnPng(200, 240, [
      [0, 0, 200, 240, [205, 220, 235]],
      [62, 40, 76, 90, [176, 130, 100]],
      [30, 150, 140, 90, [30, 70, 140]],
    ]),
};

/** UEMOA (identity required before a withdrawal): its demo player has sent their documents, waiting in the operators' queue. */
export async function seedVerification(db: Db, merchant: Merchant, now: Date): Promise<void> {
  if (!merchant.market.kycBeforeWithdrawal) return;
  const player = await memberByAccount(db, merchant.id, demoAccounts.player.account);
  if (!player) return;
  for (const [kind, draw] of Object.entries(demoDocuments)) await uploadDocument(db, player, kind as DocumentKind, draw(), now);
  await submitVerification(db, merchant, player, now);
}
