// Each slot's RTP: computed exactly from its reel strips, and simulated over many spins of the fair
// stream. Prints one JSON line per slot for scripts/bench.mjs.
import { randomBytes } from 'node:crypto';
import { slots } from '@platform/games';

const spins = Number(process.env.BENCH_RTP_SPINS ?? 10_000_000);
for (const config of slots.slotConfigs) {
  const exact = slots.computeRtp(config).total;
  const computed = exact.value;
  const started = performance.now();
  const simulated = slots.simulateRtp(config, spins, randomBytes(32).toString('hex'));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      slot: config.name,
      computed,
      simulated: simulated.total,
      standardError: simulated.standardError,
      spins: simulated.spins,
      spinsPerSecond: simulated.spins / seconds,
    }),
  );
}
