// Each slot's RTP: computed exactly from its reel strips, and simulated over many spins of the fair
// stream.
import { randomBytes } from 'node:crypto';
import { slots } from '@platform/games';

/** Per slot: the exact RTP, the simulated one over `spins` spins with its standard error, and the speed. */
export function slotRtp(spins: number) {
  return slots.slotConfigs.map((config) => {
    const exact = slots.computeRtp(config).total;
    const computed = exact.value;
    const started = performance.now();
    const simulated = slots.simulateRtp(config, spins, randomBytes(32).toString('hex'));
    const seconds = (performance.now() - started) / 1000;
    return {
      slot: config.name,
      computed,
      simulated: simulated.total,
      standardError: simulated.standardError,
      spins: simulated.spins,
      spinsPerSecond: simulated.spins / seconds,
    };
  });
}
