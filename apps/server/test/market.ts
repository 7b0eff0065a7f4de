import { randomInt } from 'node:crypto';

/** A valid CPF (its two check digits worked out) from a base of 9 digits. */
export function cpfOf(base: string): string {
  const d = [...base].map(Number);
  for (const n of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (d[i] ?? 0) * (n + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** A fresh valid CPF. */
export const freshCpf = () => cpfOf(String(randomInt(100_000_000, 999_999_999)));

/**
 * What Brazil's market asks at registration (CPF, birth date, loss and session-time limits), for tests
 * that register on Brazil for other reasons: an adult, limits too high to get in the way.
 */
export const brazilRegistration = () => ({
  cpf: freshCpf(),
  birthDate: '1990-05-17',
  lossLimit: { period: 'month', amount: 1_000_000 },
  sessionLimit: { period: 'month', amount: 44_640 },
});
