import { describe, expect, it } from 'vitest';
import { crc16, parsePixPayload, pixPayload } from './pix.ts';

describe('PIX BR Code', () => {
  it('computes the CRC of the central bank manual example', () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
  });

  it('builds a dynamic charge that parses back with its amount, location and a valid CRC', () => {
    const code = pixPayload({
      location: 'pay.example/sandbox/pay/SBX1',
      amount: 12_345,
      merchantName: 'Sorte Brasil Ltda. São',
      merchantCity: 'São Paulo',
      txid: '***',
    });
    const fields = parsePixPayload(code);
    expect(fields?.get('00')).toBe('01');
    expect(fields?.get('01')).toBe('12');
    expect(fields?.get('53')).toBe('986');
    expect(fields?.get('54')).toBe('123.45');
    expect(fields?.get('59')).toBe('Sorte Brasil Ltda. Sao');
    expect(fields?.get('26')).toContain('br.gov.bcb.pix');
    expect(fields?.get('26')).toContain('pay.example/sandbox/pay/SBX1');
    expect(parsePixPayload(`${code.slice(0, -1)}0`)).toBeUndefined();
  });
});
