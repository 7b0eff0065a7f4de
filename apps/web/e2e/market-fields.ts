import { randomInt } from 'node:crypto';
import type { Locator } from 'playwright-core';

/** A valid CPF (its two check digits worked out) from 9 digits. */
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

/**
 * Fills what a market asks at registration where the form shows it (Brazil: CPF, date of birth, loss
 * and time limits), for journeys that register for other reasons: an adult, limits that never get in
 * the way. A form without these fields (UEMOA) is left as it is.
 */
export async function fillMarketFields(form: Locator, cpf = cpfOf(String(randomInt(100_000_000, 999_999_999)))): Promise<void> {
  if ((await form.getByTestId('field-cpf').count()) === 0) return;
  await form.getByTestId('field-cpf').fill(cpf);
  await form.getByTestId('field-birthDate').fill('1990-05-17');
  await form.getByTestId('field-lossLimit').fill('100000');
  await form.getByTestId('field-lossLimit-period').selectOption('month');
  await form.getByTestId('field-sessionLimit').fill('44640');
  await form.getByTestId('field-sessionLimit-period').selectOption('month');
}
