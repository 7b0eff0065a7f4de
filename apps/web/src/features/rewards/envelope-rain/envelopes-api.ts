import { type EnvelopeOpenAnswer, type EnvelopeRounds, envelopePaths } from '@platform/contract';
import { apiGetAt, apiSend } from '../../../api/client.ts';

/** Envelope rain's calls: the rounds around now, opening an envelope. */
export const loadEnvelopeRounds = () => apiGetAt<EnvelopeRounds>(envelopePaths.rounds);
export const openEnvelope = (id: number) => apiSend<EnvelopeOpenAnswer>(envelopePaths.open, {}, { params: { id } });
