/**
 * PIX "copia e cola" codes: the EMV QR Code (BR Code) payload of the Banco Central do Brasil. Each
 * field is ID (2 digits) + length (2 digits) + value; the last field (63) is a CRC16/CCITT-FALSE of
 * everything before it, including "6304".
 */

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`EMV field ${id} too long`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as upper-case hex of 4 digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV names allow plain ASCII only: accents dropped, at most `max` characters. */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);

export interface PixCharge {
  /** Static key (CPF, e-mail, phone, random key) or, for a dynamic charge, the location URL without scheme. */
  key?: string;
  location?: string;
  /** Minor units (centavos). */
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 alphanumerics; "***" for a dynamic charge whose id lives at the location. */
  txid: string;
}

/** Builds the BR Code of a charge: one-time (dynamic, with a location) or with a key and amount. */
export function pixPayload(c: PixCharge): string {
  const account = field('00', 'br.gov.bcb.pix') + (c.location ? field('25', c.location) : field('01', c.key ?? ''));
  const body =
    field('00', '01') +
    (c.location ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (c.amount > 0 ? field('54', (c.amount / 100).toFixed(2)) : '') +
    field('58', 'BR') +
    field('59', plain(c.merchantName, 25) || 'N') +
    field('60', plain(c.merchantCity, 15) || 'BRASILIA') +
    field('62', field('05', c.txid.replace(/[^A-Za-z0-9*]/g, '').slice(0, 25) || '***')) +
    '6304';
  return body + crc16(body);
}

/** Reads the top-level fields of a BR Code, checking its CRC; undefined when it is not a valid code. */
export function parsePixPayload(code: string): Map<string, string> | undefined {
  if (code.length < 8 || crc16(code.slice(0, -4)) !== code.slice(-4)) return undefined;
  const fields = new Map<string, string>();
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    if (!Number.isInteger(len)) return undefined;
    fields.set(id, code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}
